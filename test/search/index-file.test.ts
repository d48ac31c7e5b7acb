import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { FileBytes, GraphFileError, readGraph, SpillFile, writeGraph } from '../../src/lib/graph-file.js';
import {
  engineCode,
  engineFolders,
  hashSources,
  indexFormat,
  loadIndex,
  saveIndex,
  type IndexFileMeta,
} from '../../src/search/index-file.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { corpusArb, facetArb, listArb, NOW, PREFIXES, tuningArb } from './arbitraries.js';

const dir = mkdtempSync(join(tmpdir(), 'index-file-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const META: IndexFileMeta = { format: 'f', storeId: 's', cursor: 7, builtAt: NOW, documents: 0 };

class Point {
  constructor(
    readonly x: number,
    private readonly tags: Map<string, Point>,
  ) {}
  tagged(name: string): Point | undefined {
    return this.tags.get(name);
  }
}

describe('graph files', () => {
  it('give back the graph: shapes, typed arrays by type, classes with their prototype, shared references', () => {
    const shared = { a: 1 };
    const origin = new Point(0, new Map());
    const root = {
      numbers: [1, -0.5, Number.NaN, Infinity, null, undefined, 'ü'],
      ids: Uint32Array.of(1, 2, 0xffffffff),
      offsets: new Float64Array([0.25, Number.NaN]),
      bytes: Buffer.from('grüß'),
      empty: new Uint8Array(0),
      one: shared,
      two: shared,
      point: new Point(3, new Map([['origin', origin]])),
      set: new Set([shared, 'x']),
      keyed: new Map<unknown, unknown>([[shared, 'by object']]),
      plain: new Map([['k', 1]]),
      // Class instances and typed arrays as map keys, set items and array items.
      byInstance: new Map<unknown, unknown>([[new Point(5, new Map()), 'five']]),
      byArray: new Map<unknown, unknown>([[Uint8Array.of(4), 'four']]),
      instances: new Set<unknown>([new Point(6, new Map()), Uint16Array.of(6)]),
      items: [new Point(7, new Map()), Int32Array.of(-7)] as unknown[],
    };
    const path = join(dir, 'graph.bin');
    writeGraph(path, root, { v: 1 }, { Point });
    const read = readGraph<{ v: number }>(path, { Point }, (m) => m.v === 1)!;
    const back = read.root as typeof root;
    expect(read.meta).toEqual({ v: 1 });
    expect(back.numbers).toEqual(root.numbers);
    expect(back.ids).toBeInstanceOf(Uint32Array);
    expect([...back.ids]).toEqual([1, 2, 0xffffffff]);
    expect(back.offsets).toBeInstanceOf(Float64Array);
    expect(Number.isNaN(back.offsets[1])).toBe(true);
    expect(Buffer.isBuffer(back.bytes)).toBe(true);
    expect(back.bytes.toString('utf8')).toBe('grüß');
    expect(back.empty.length).toBe(0);
    expect(back.one).toBe(back.two);
    expect(back.point).toBeInstanceOf(Point);
    expect(back.point.tagged('origin')).toBeInstanceOf(Point);
    expect(back.point.tagged('origin')!.x).toBe(0);
    expect(back.set.has(back.one)).toBe(true);
    expect(back.keyed.get(back.one)).toBe('by object');
    expect(back.plain.get('k')).toBe(1);
    const [[instanceKey, five]] = [...back.byInstance] as [[Point, string]];
    expect(instanceKey).toBeInstanceOf(Point);
    expect([instanceKey.x, five]).toEqual([5, 'five']);
    const [[arrayKey, four]] = [...back.byArray] as [[Uint8Array, string]];
    expect(arrayKey).toBeInstanceOf(Uint8Array);
    expect([[...arrayKey], four]).toEqual([[4], 'four']);
    const [six, sixes] = [...back.instances] as [Point, Uint16Array];
    expect(six).toBeInstanceOf(Point);
    expect(sixes).toBeInstanceOf(Uint16Array);
    expect([six.x, [...sixes]]).toEqual([6, [6]]);
    const [seven, sevens] = back.items as [Point, Int32Array];
    expect(seven).toBeInstanceOf(Point);
    expect(sevens).toBeInstanceOf(Int32Array);
    expect([seven.x, [...sevens]]).toEqual([7, [-7]]);
    // No temporary file is left beside it.
    expect(readdirSync(dir).filter((f) => f.startsWith('graph.bin'))).toEqual(['graph.bin']);
  });

  it('leave the arrays asked for in the file, read by position while it stays open', () => {
    const path = join(dir, 'on-disk.bin');
    const text = 'ein Text, der im File bleibt: grüß Gott';
    writeGraph(path, { cards: [Buffer.from(text), Buffer.from('zwei')], ids: Uint32Array.of(7) }, {}, {});
    const read = readGraph(path, {}, () => true, { onDisk: (type) => type === 'Buffer' })!;
    const root = read.root as { cards: FileBytes[]; ids: Uint32Array };
    expect(read.fd).not.toBeNull();
    expect(root.cards[0]).toBeInstanceOf(FileBytes);
    expect(root.cards[0]!.length).toBe(Buffer.byteLength(text));
    expect(root.cards[0]!.toString('utf8', 0, root.cards[0]!.length)).toBe(text);
    expect(root.cards[0]!.toString('utf8', 4, 8)).toBe('Text');
    expect(root.cards[1]!.toString()).toBe('zwei');
    expect([...root.ids]).toEqual([7]);
    closeSync(read.fd!);
    // Nothing left in the file: it is closed after reading.
    expect(readGraph(path, {}, () => true)!.fd).toBeNull();
  });

  it('copy the arrays moved to a spill file into the graph, as if they had stayed in memory', () => {
    const spill = SpillFile.open(dir);
    onTestFinished(() => {
      spill.close();
    });
    // Longer than one slice of the copy (1 MiB), so that the copy crosses slices.
    const big = Buffer.from('Kärtchen '.repeat(150_000));
    const spilled = { cards: [spill.add(Buffer.from('eins')), spill.add(big)], ids: Uint32Array.of(3) };
    const inMemory = { cards: [Buffer.from('eins'), big], ids: Uint32Array.of(3) };
    writeGraph(join(dir, 'spilled.bin'), spilled, { v: 1 }, {});
    writeGraph(join(dir, 'in-memory.bin'), inMemory, { v: 1 }, {});
    expect(readFileSync(join(dir, 'spilled.bin')).equals(readFileSync(join(dir, 'in-memory.bin')))).toBe(true);
    const back = readGraph(join(dir, 'spilled.bin'), {}, () => true)!.root as { cards: Buffer[] };
    expect(back.cards[1]!.equals(big)).toBe(true);
    expect(back.cards[0]!.toString()).toBe('eins');
  });

  it('prefetch a file-backed array slice by slice, each read ending where the next starts', () => {
    const path = join(dir, 'prefetch.bin');
    const text = 'abcdefghij'.repeat(7);
    writeGraph(path, { cards: [Buffer.from(text)] }, {}, {});
    const read = readGraph(path, {}, () => true, { onDisk: (type) => type === 'Buffer' })!;
    onTestFinished(() => {
      closeSync(read.fd!);
    });
    const bytes = (read.root as { cards: FileBytes[] }).cards[0]!;
    const scratch = Buffer.alloc(32);
    const ends: number[] = [];
    for (let at = 0; at < bytes.length;) ends.push((at = bytes.prefetch(at, scratch)));
    expect(ends).toEqual([32, 64, 70]);
    // The last slice read the file's last bytes of the array (and nothing past them).
    expect(scratch.subarray(0, 6).toString()).toBe(text.slice(64));
    expect(bytes.prefetch(70, scratch)).toBe(70);
  });

  it('refuse what they cannot give back, naming where it is', () => {
    const path = join(dir, 'refused.bin');
    expect(() => writeGraph(path, { a: [{ f: () => 1 }] }, {}, {})).toThrow(/function at root\.a\[0\]\.f/);
    expect(() => writeGraph(path, { p: new Point(1, new Map()) }, {}, {})).toThrow(/instance of Point at root\.p/);
    expect(() => writeGraph(path, { d: new Date(0) }, {}, {})).toThrow(/instance of Date/);
    expect(readdirSync(dir).filter((f) => f.startsWith('refused'))).toEqual([]);
  });

  it('say how many bytes they wrote: the whole file', () => {
    const path = join(dir, 'size.bin');
    const { bytes } = writeGraph(path, { ids: Uint32Array.of(1, 2, 3), text: 'x' }, { v: 1 }, {});
    expect(bytes).toBe(statSync(path).size);
    expect(readGraph(path, {}, () => true)!.bytes).toBe(bytes);
  });

  it('name the path of what they refuse inside maps, sets, class fields and objects of no prototype', () => {
    const path = join(dir, 'refused-deep.bin');
    const fn = (): number => 1;
    expect(() => writeGraph(path, { m: new Map([['k', { fn }]]) }, {}, {})).toThrow(
      /function at root\.m\.get\(k\)\.fn/,
    );
    expect(() => writeGraph(path, { m: new Map([[{ s: Symbol('s') }, 1]]) }, {}, {})).toThrow(
      /symbol at root\.m\.key\.s/,
    );
    expect(() => writeGraph(path, { s: new Set([{ fn }]) }, {}, {})).toThrow(/function at root\.s\.item\.fn/);
    expect(() =>
      writeGraph(path, { p: new Point(1, new Map([['k', { fn } as unknown as Point]])) }, {}, { Point }),
    ).toThrow(/function at root\.p\.tags\.get\(k\)\.fn/);
    expect(() => writeGraph(path, { d: new DataView(new ArrayBuffer(4)) }, {}, {})).toThrow(/DataView at root\.d/);
    expect(() => writeGraph(path, { o: { ['\u0000graph']: 1 } }, {}, {})).toThrow(/an object with a key/);
    expect(() => writeGraph(path, { o: Object.create(Object.create(null) as object) as object }, {}, {})).toThrow(
      /instance of unknown at root\.o/,
    );
    expect(() => writeGraph(path, { a: new BigInt64Array(1) }, {}, {})).toThrow(/cannot write a BigInt64Array/);
    expect(readdirSync(dir).filter((f) => f.startsWith('refused-deep'))).toEqual([]);
  });

  it('give back objects of no prototype, arrays and maps of plain values, and arrays of objects', () => {
    const path = join(dir, 'plain.bin');
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, ids: Uint8Array.of(9) });
    const root = {
      bare,
      list: [1, 'a', null],
      objects: [{ x: 1 }, { x: 2 }],
      map: new Map([[1, 'one']]),
      set: new Set([1, 2]),
    };
    writeGraph(path, root, {}, {});
    const back = readGraph(path, {}, () => true)!.root as typeof root;
    // Written as a plain object (read back as one).
    expect(back.bare.a).toBe(1);
    expect([...(back.bare.ids as Uint8Array)]).toEqual([9]);
    expect(back.list).toEqual([1, 'a', null]);
    expect(back.objects).toEqual([{ x: 1 }, { x: 2 }]);
    expect([...back.map]).toEqual([[1, 'one']]);
    expect([...back.set]).toEqual([1, 2]);
  });

  it('give back a graph without typed arrays, whatever the length of its skeleton', () => {
    for (let n = 0; n < 8; n++) {
      const path = join(dir, `no-arrays-${n}.bin`);
      const root = { text: 'x'.repeat(n), list: [1, 2] };
      writeGraph(path, root, {}, {});
      expect(readGraph(path, {}, () => true)!.root).toEqual(root);
    }
  });

  it('refuse on reading a class they are not given, and a file whose end is not theirs', () => {
    const path = join(dir, 'classes.bin');
    writeGraph(path, { p: new Point(1, new Map()) }, {}, { Point });
    expect(() => readGraph(path, {}, () => true)).toThrow(/class Point is not among the classes/);
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] = 0;
    writeFileSync(path, bytes);
    expect(() => readGraph(path, { Point }, () => true)).toThrow(/does not end where its header says/);
    // A path that cannot be opened for another reason than its absence is an error, not "no file".
    expect(() => readGraph(join(path, 'inside-a-file.bin'), {}, () => true)).toThrow(/ENOTDIR/);
  });

  it('leave no temporary file when a write fails midway', () => {
    const spill = SpillFile.open(dir);
    const gone = spill.add(Buffer.from('kept'));
    spill.close();
    const path = join(dir, 'failed.bin');
    expect(() => writeGraph(path, { cards: [gone] }, {}, {})).toThrow();
    expect(readdirSync(dir).filter((f) => f.startsWith('failed.bin'))).toEqual([]);
  });

  it('read nothing when the meta is refused or there is no file; throw on a file cut short or not theirs', () => {
    const path = join(dir, 'meta.bin');
    writeGraph(path, { ids: new Uint32Array(100) }, { v: 1 }, {});
    expect(readGraph<{ v: number }>(path, {}, (m) => m.v === 2)).toBeNull();
    expect(readGraph(join(dir, 'none.bin'), {}, () => true)).toBeNull();
    const size = readFileSync(path).length;
    truncateSync(path, size - 3);
    expect(() => readGraph(path, {}, () => true)).toThrow(GraphFileError);
    writeFileSync(path, 'not a graph at all');
    expect(() => readGraph(path, {}, () => true)).toThrow(/not a graph file/);
  });
});

describe('a saved index', () => {
  it('answers every query as the index it was saved from', () => {
    let run = 0;
    fc.assert(
      fc.property(
        corpusArb,
        tuningArb,
        fc.array(listArb, { minLength: 1, maxLength: 4 }),
        fc.array(facetArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...PREFIXES),
        fc.boolean(),
        (jobs, tuning, lists, facets, prefix, cardsOnDisk) => {
          const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning: { ...tuning, cacheSize: 0 } };
          const built = SearchIndex.build(jobs, options);
          const path = join(dir, `index-${run++}.bin`);
          saveIndex(path, built, { ...META, documents: built.size });
          const read = loadIndex(path, () => true, { cardsOnDisk })!;
          // Removing the file does not take it from a reader that holds it open.
          rmSync(path);
          const loaded = read.index;
          onTestFinished(() => {
            if (read.fd !== null) closeSync(read.fd);
          });
          expect(read.fd !== null).toBe(cardsOnDisk && built.size > 0);
          expect(loaded.size).toBe(built.size);
          for (const r of lists) {
            expect(loaded.list(r)).toEqual(built.list(r));
            expect(loaded.count(r.filter)).toBe(built.count(r.filter));
            expect(loaded.didYouMean(r.filter)).toBe(built.didYouMean(r.filter));
          }
          for (const r of facets) expect(loaded.facets(r)).toEqual(built.facets(r));
          expect(loaded.suggestLocations(prefix, 5)).toEqual(built.suggestLocations(prefix, 5));
          expect(loaded.suggestCompanies(prefix, 5)).toEqual(built.suggestCompanies(prefix, 5));
          expect(loaded.suggestTitles(prefix, 5)).toEqual(built.suggestTitles(prefix, 5));
          expect(loaded.resolveLocation(prefix)).toEqual(built.resolveLocation(prefix));
        },
      ),
      { numRuns: 60 },
    );
    // Sixty builds, saves and loads: seconds of CPU, past the default minute of wall time on a
    // machine busy with other work (the segments' property tests allow as long).
  }, 240_000);

  it('holds the same index whether its cards were spilled while it was built or kept in memory', async () => {
    const jobs = fc.sample(corpusArb, { numRuns: 1, seed: 11 })[0]!;
    const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW };
    async function* chunks(): AsyncGenerator<typeof jobs> {
      for (let i = 0; i < jobs.length; i += 7) yield jobs.slice(i, i + 7);
    }
    const spill = SpillFile.open(dir);
    onTestFinished(() => {
      spill.close();
    });
    const spilled = await SearchIndex.buildStreaming(chunks(), { ...options, spillCards: spill });
    const kept = await SearchIndex.buildStreaming(chunks(), options);
    expect(spill.bytes).toBeGreaterThan(0);
    saveIndex(join(dir, 'spilled.index'), spilled, { ...META, documents: spilled.size });
    saveIndex(join(dir, 'kept.index'), kept, { ...META, documents: kept.size });
    // The same answers, not the same bytes: V8's serialiser writes a number as an integer or a
    // double by how it is held (which optimised code can change between two builds), so the
    // skeletons of two equal indexes differed by a few bytes now and then.
    const read = loadIndex(join(dir, 'spilled.index'), () => true)!;
    const readKept = loadIndex(join(dir, 'kept.index'), () => true)!;
    const facets = { filter: {}, mode: 'conjunctive', facetLimit: 100 } as const;
    expect(read.index.facets(facets)).toEqual(readKept.index.facets(facets));
    const all = { filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 100 } as const;
    expect(read.index.list(all)).toEqual(kept.list(all));
    expect(kept.list(all).jobs.length).toBe(Math.min(100, kept.size));
  });

  it('prefetches the cards left in its file, a slice a step, and none kept in memory', () => {
    const jobs = fc
      .sample(corpusArb, { numRuns: 1, seed: 7 })[0]!
      .concat(fc.sample(corpusArb, { numRuns: 1, seed: 8 })[0]!);
    const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW };
    const built = SearchIndex.build(jobs, options);
    expect(built.size).toBeGreaterThan(0);
    expect([...built.prefetchCardSteps()]).toHaveLength(0);
    const path = join(dir, 'prefetch-index.bin');
    saveIndex(path, built, { ...META, documents: built.size });
    const read = loadIndex(path, () => true, { cardsOnDisk: true })!;
    onTestFinished(() => {
      closeSync(read.fd!);
    });
    // The cards of a small index fit in one chunk, under one slice: one step reads it all.
    expect([...read.index.prefetchCardSteps()]).toHaveLength(1);
    const page = { filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 50 } as const;
    expect(read.index.list(page)).toEqual(built.list(page));
  });

  it('is read only when its meta is accepted', () => {
    const built = SearchIndex.build([], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    const path = join(dir, 'accepted.bin');
    saveIndex(path, built, META);
    expect(loadIndex(path, (m) => m.storeId === 'other')).toBeNull();
    expect(loadIndex(path, (m) => m.cursor === 7)?.meta).toEqual(META);
  });

  it('is refused once one byte of a file changes in any folder of the engine’s code, wings included', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const copy = join(dir, 'code', 'src');
    for (const folder of ['search', 'domain', 'lib'])
      cpSync(join(src, folder), join(copy, folder), { recursive: true });
    const search = join(copy, 'search');
    const self = join(search, 'index-file.ts');
    const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS };
    const built = SearchIndex.build([], { ...options, now: NOW });
    const path = join(dir, 'code.bin');
    const saved = indexFormat(options, engineCode(search, self));
    saveIndex(path, built, { ...META, format: saved });
    const accept = (meta: IndexFileMeta): boolean => meta.format === indexFormat(options, engineCode(search, self));
    expect(loadIndex(path, accept)).not.toBeNull();
    // Every folder holding source files: search and each of its wings, domain, lib.
    const folders: string[] = [];
    const walk = (folder: string): void => {
      const entries = readdirSync(folder, { withFileTypes: true });
      if (entries.some((e) => e.isFile() && e.name.endsWith('.ts'))) folders.push(folder);
      for (const e of entries) if (e.isDirectory()) walk(join(folder, e.name));
    };
    for (const folder of engineFolders(search)) walk(folder);
    const names = folders.map((folder) => relative(copy, folder)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'domain',
        'lib',
        'search',
        'search/columns',
        'search/postings',
        'search/query',
        'search/segments',
        'search/text',
      ]),
    );
    for (const folder of folders) {
      const file = join(
        folder,
        readdirSync(folder)
          .filter((name) => name.endsWith('.ts'))
          .sort()[0]!,
      );
      const bytes = readFileSync(file);
      const changed = Buffer.from(bytes);
      changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
      writeFileSync(file, changed);
      expect([relative(copy, file), loadIndex(path, accept)]).toEqual([relative(copy, file), null]);
      writeFileSync(file, bytes);
    }
    expect(loadIndex(path, accept)).not.toBeNull();
  });

  it('hashes every file the engine imports: its imports stay inside the folders of its code', () => {
    const src = fileURLToPath(new URL('../../src/', import.meta.url));
    const folders = engineFolders(join(src, 'search'));
    const inside = (file: string): boolean => folders.some((folder) => !relative(folder, file).startsWith('..'));
    const seen = new Set<string>();
    const pending = readdirSync(join(src, 'search'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(src, 'search', name));
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
        pending.push(join(dirname(file), spec!.replace(/\.js$/, '.ts')));
      }
    }
    expect([...seen].filter((file) => !inside(file)).map((file) => relative(src, file))).toEqual([]);
    expect(seen.size).toBeGreaterThan(40);
  });

  it('has a format that follows the options a build depends on', () => {
    const a = indexFormat({ salaryBuckets: DEFAULT_SALARY_BUCKETS });
    expect(indexFormat({ salaryBuckets: DEFAULT_SALARY_BUCKETS })).toBe(a);
    expect(indexFormat({ salaryBuckets: DEFAULT_SALARY_BUCKETS.slice(1) })).not.toBe(a);
    expect(indexFormat({ salaryBuckets: DEFAULT_SALARY_BUCKETS, tuning: { denseRatio: 2 } })).not.toBe(a);
  });

  it('has a format that follows the code: every source file of the folders and their subfolders (a bundle’s folder) by path and content, nothing else', () => {
    const root = join(dir, 'sources');
    const [a, b] = [join(root, 'a'), join(root, 'b')];
    mkdirSync(join(a, 'nested'), { recursive: true });
    mkdirSync(b, { recursive: true });
    const self = join(root, 'bundle.js');
    writeFileSync(self, 'bundle 1');
    writeFileSync(join(a, 'x.ts'), 'x 1');
    writeFileSync(join(a, 'y.js'), 'y 1');
    writeFileSync(join(b, 'z.ts'), 'z 1');
    const hash = (): string => hashSources([a, b], self);
    const first = hash();
    expect(hash()).toBe(first);
    const changes: [string, () => void][] = [
      [
        'a .ts file changed',
        () => {
          writeFileSync(join(a, 'x.ts'), 'x 2');
        },
      ],
      [
        'a .js file changed',
        () => {
          writeFileSync(join(a, 'y.js'), 'y 2');
        },
      ],
      [
        'a file of the second folder changed',
        () => {
          writeFileSync(join(b, 'z.ts'), 'z 2');
        },
      ],
      [
        'a file of a subfolder added',
        () => {
          writeFileSync(join(a, 'nested', 'deep.ts'), 'deep 1');
        },
      ],
      [
        'a file of a subfolder changed',
        () => {
          writeFileSync(join(a, 'nested', 'deep.ts'), 'deep 2');
        },
      ],
      [
        'a source file added',
        () => {
          writeFileSync(join(b, 'w.ts'), '');
        },
      ],
      [
        'a file renamed, the same content',
        () => {
          renameSync(join(b, 'w.ts'), join(b, 'v.ts'));
        },
      ],
    ];
    const seen = new Set([first]);
    for (const [what, change] of changes) {
      change();
      const now = hash();
      expect([what, seen.has(now)]).toEqual([what, false]);
      seen.add(now);
    }
    // What is not a source file of these folders does not count: other files, empty subfolders, the bundle.
    const settled = hash();
    writeFileSync(join(a, 'notes.md'), 'notes');
    writeFileSync(join(a, 'x.tsx'), 'x');
    writeFileSync(join(a, 'nested', 'notes.md'), 'notes');
    mkdirSync(join(a, 'empty'));
    writeFileSync(self, 'bundle 2');
    expect(hash()).toBe(settled);
    // The same files in the other order of folders hash otherwise (the order is the folders').
    expect(hashSources([b, a], self)).not.toBe(settled);
    // By hand: names and contents in name order, whatever order the folder lists them in.
    const many = join(root, 'many');
    mkdirSync(many);
    const names = Array.from({ length: 30 }, (_, i) => `f${(i * 7919) % 101}.ts`);
    for (const name of names) writeFileSync(join(many, name), `content of ${name}`);
    const byHand = createHash('sha1');
    for (const name of [...names].sort()) byHand.update(name).update(`content of ${name}`);
    expect(hashSources([many], self)).toBe(byHand.digest('hex'));
    // A folder missing (a bundle): the source files beside the running file, the bundle's.
    const bundled = hashSources([a, join(root, 'missing')], self);
    expect(hashSources([join(root, 'missing')], self)).toBe(bundled);
    expect(hashSources([join(root, 'missing')], join(root, 'worker.js'))).toBe(bundled);
    writeFileSync(join(root, 'notes.md'), 'notes');
    expect(hashSources([join(root, 'missing')], self)).toBe(bundled);
    writeFileSync(self, 'bundle 3');
    const changed = hashSources([a, join(root, 'missing')], self);
    expect(changed).not.toBe(bundled);
    writeFileSync(join(root, 'worker.js'), 'worker 1');
    expect(hashSources([join(root, 'missing')], self)).not.toBe(changed);
    expect(bundled).not.toBe(settled);
  });
});
