import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Job, ListedJob, SalaryRange } from '../../../src/domain/job.js';
import { CardStoreBuilder } from '../../../src/search/columns/card-store.js';
import { FileBytes, SpillFile } from '../../../src/lib/graph-file.js';
import { job, place } from '../../builders.js';
import { COMPANIES, PLACES, POSITIONS, SKILLS, pick } from '../arbitraries.js';

/** What a result page must give back for a job: the job without its indexed text, url and detail. */
function listed(j: Job): ListedJob {
  const { searchText: _text, url: _url, detail: _detail, ...card } = j;
  return card;
}

const anyText = fc.string({ unit: 'grapheme', maxLength: 80 });
const amount = fc.integer({ min: 0, max: 400_000 });
const salaryArb: fc.Arbitrary<SalaryRange | null> = fc.option(
  fc.oneof(
    fc.record({ min: amount, max: amount }),
    fc.record({
      min: amount,
      max: amount,
      stated: fc.record({
        min: fc.option(amount, { nil: null }),
        max: fc.option(amount, { nil: null }),
        currency: pick(['EUR', 'CHF', 'USD']),
        period: pick(['YEAR', 'MONTH', 'HOUR'] as const),
        paymentsPerYear: pick([12, 13, 14]),
      }),
    }),
    fc.record({
      min: amount,
      max: amount,
      basis: fc.record({ step: pick(['position-seniority-country']), sample: fc.integer({ min: 5, max: 99 }) }),
    }),
  ),
  { nil: null },
);
const dateArb = fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null });

const jobArb: fc.Arbitrary<Job> = fc
  .record({
    source: pick(['feedA', 'feedB', 'bench']),
    boardId: fc.stringMatching(/^[1-9][0-9]{0,16}$/),
    title: anyText,
    company: pick(COMPANIES),
    position: pick(POSITIONS),
    skills: fc.uniqueArray(pick(SKILLS), { maxLength: 3, selector: (s) => s.slug }),
    places: fc.array(pick(PLACES), { maxLength: 3 }),
    isSeo: fc.boolean(),
    remote: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    salary: salaryArb,
    estimated: salaryArb,
    summary: anyText,
    seoContext: anyText,
    salaryContext: anyText,
    remoteContext: anyText,
    postedAt: dateArb,
    validThrough: dateArb,
  })
  .map((r) =>
    job({
      source: r.source,
      boardId: r.boardId,
      title: r.title,
      company: { name: r.company, domain: null, website: null, logoUrl: null, size: null },
      position: r.position,
      skills: r.skills,
      places: r.places,
      isSeo: r.isSeo,
      remotePercentage: r.remote,
      salary: r.salary,
      estimatedSalary: r.estimated,
      summary: r.summary,
      seoContext: r.seoContext,
      salaryContext: r.salaryContext,
      remoteContext: r.remoteContext,
      postedAt: r.postedAt,
      validThrough: r.validThrough,
    }),
  );

const dir = mkdtempSync(join(tmpdir(), 'card-store-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the card store', () => {
  it('gives back every card as it was added, in the order asked for, across chunks of any size, spilled or not', () => {
    fc.assert(
      fc.property(
        fc
          .array(jobArb, { maxLength: 40 })
          .chain((jobs) =>
            fc.tuple(
              fc.constant(jobs),
              fc.shuffledSubarray([...jobs.keys()], { minLength: jobs.length }),
              fc.integer({ min: 1, max: 2_000 }),
              fc.boolean(),
            ),
          ),
        ([jobs, order, chunkBytes, spilled]) => {
          const spill = spilled ? SpillFile.open(dir) : null;
          const builder = new CardStoreBuilder(chunkBytes, spill);
          const light = jobs.map((j) => builder.add(j));
          const cards = builder.finish(Uint32Array.from(order));
          expect(cards.length).toBe(jobs.length);
          // Spilled, every byte of every card is in the file; none of it, otherwise.
          expect(spill?.bytes ?? 0).toBe(spilled ? cards.bytes : 0);
          order.forEach((a, d) => {
            const j = jobs[a]!;
            expect(cards.get(d)).toEqual(listed(j));
            expect(cards.keys[d]).toBe(j.key);
            expect(cards.boardIds[d]).toBe(j.boardId);
            expect(cards.postedOf(d)).toBe(j.postedAt);
            expect(Number.isNaN(cards.validThrough[d]!) ? null : cards.validThrough[d]).toBe(j.validThrough);
            // What the rest of the build reads: the card without the texts only a card shows.
            const { summary: _s, seoContext: _a, salaryContext: _b, remoteContext: _c, ...rest } = listed(j);
            expect(light[a]).toEqual(rest);
            expect('summary' in light[a]!).toBe(false);
            // The same read from the card's head only (a merge's structures), but the eligibility.
            const { remoteEligibility: _e, ...head } = rest;
            expect(cards.indexedJob(d)).toEqual(head);
          });
          spill?.close();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts a chunk exactly when the next card does not fit the one being filled, whatever its characters', () => {
    // The builder writes a card that surely fits (3 bytes a UTF-16 unit) without counting its bytes
    // first: its chunks must be those of counting every card's bytes.
    fc.assert(
      fc.property(fc.array(jobArb, { maxLength: 40 }), fc.integer({ min: 1, max: 3_000 }), (jobs, chunkBytes) => {
        const chunks: Buffer[] = [];
        const recording = {
          add: (bytes: Uint8Array) => {
            chunks.push(Buffer.from(bytes));
            return Buffer.from(bytes);
          },
        };
        const builder = new CardStoreBuilder(chunkBytes, recording);
        for (const j of jobs) builder.add(j);
        const cards = builder.finish(Uint32Array.from(jobs.keys()));
        const texts = chunks.map((c) => cardTexts(c.toString('utf8')));
        expect(texts.flat()).toHaveLength(jobs.length);
        texts.forEach((inChunk, c) => {
          const bytes = inChunk.map((t) => Buffer.byteLength(t));
          const used = bytes.reduce((a, b) => a + b, 0);
          expect(used).toBe(chunks[c]!.length);
          // A chunk holds what fits, or one card longer than a chunk.
          expect(used <= chunkBytes || inChunk.length === 1).toBe(true);
          // The next chunk's first card did not fit in this one.
          const next = texts[c + 1]?.[0];
          if (next !== undefined) expect(used + Buffer.byteLength(next)).toBeGreaterThan(chunkBytes);
        });
        jobs.forEach((j, d) => {
          expect(cards.get(d)).toEqual(listed(j));
        });
      }),
      { numRuns: 300 },
    );
  });

  it("reads a card's head past escaped quotes, brackets and commas in its title, and whole when the head is long", () => {
    const tricky = [
      'a "quoted", [bracketed] {title}',
      'one "quote, then a comma',
      'back\\slash\\',
      '\\"',
      'ü'.repeat(600),
      ',"x":[1,2]',
    ];
    const builder = new CardStoreBuilder();
    const jobs = tricky.map((title, i) =>
      job({ key: `t${i}`, title, summary: '", ], "x' + title, salary: { min: 1, max: 2 }, remoteEligibility: ['DE'] }),
    );
    for (const j of jobs) builder.add(j);
    const cards = builder.finish(Uint32Array.from(jobs.keys()));
    jobs.forEach((j, d) => {
      const {
        summary: _s,
        seoContext: _a,
        salaryContext: _b,
        remoteContext: _c,
        remoteEligibility: _e,
        ...head
      } = listed(j);
      expect(cards.indexedJob(d)).toEqual(head);
    });
  });

  it('shares equal companies, places and names between the cards it decodes', () => {
    const builder = new CardStoreBuilder();
    builder.add(job({ places: [place()] }));
    builder.add(job({ places: [place()] }));
    const cards = builder.finish(Uint32Array.of(1, 0));
    const [a, b] = [cards.get(0), cards.get(1)];
    expect(a.places[0]).toBe(b.places[0]);
    expect(a.company).toBe(b.company);
    expect(a.position).toBe(b.position);
    expect(a).not.toBe(cards.get(0));
  });

  it('shares exactly the equal companies, places and names: one object for equal values, never for unequal ones', () => {
    // Few values for each field, so that equal and nearly equal values meet often.
    const few = <T>(values: readonly T[]): fc.Arbitrary<T> => pick(values);
    const named = fc.record({ slug: few(['a', 'b']), name: few(['A', 'a', 'B']) });
    const company = fc.record({
      name: few(['Acme', 'Beta']),
      domain: few([null, 'acme.de']),
      website: few([null, 'https://acme.de']),
      logoUrl: few([null, 'https://acme.de/l.png']),
      size: few([null, '11-50', '51-200'] as const),
    });
    const jobPlace = fc.record({
      city: fc.option(named, { nil: null }),
      region: few([null, { slug: 'be', name: 'Berlin' }]),
      country: few([null, { slug: 'de', name: 'Deutschland' }]),
      countryCode: few([null, 'DE']),
      lat: few([null, 52.5]),
      lon: few([null, 13.4]),
    });
    const posting = fc
      .record({ company, position: named, skills: fc.array(named, { maxLength: 2 }), places: fc.array(jobPlace) })
      .map((r) => job(r));
    fc.assert(
      fc.property(fc.array(posting, { minLength: 2, maxLength: 30 }), (jobs) => {
        const builder = new CardStoreBuilder();
        for (const j of jobs) builder.add(j);
        const store = builder.finish(Uint32Array.from(jobs.keys()));
        const values = (c: ListedJob): object[] => [c.company, c.position, ...c.skills, ...c.places];
        const decoded = jobs.map((_, d) => store.get(d));
        // Each card gives back its own values (a value shared with an unequal one would not)...
        decoded.forEach((c, d) => {
          expect(values(c)).toEqual(values(jobs[d]!));
        });
        // ... and equal values are one object.
        const all = decoded.flatMap(values);
        for (const a of all) {
          for (const b of all) {
            // Places hold named values: equal places hold the same ones.
            if ('slug' in a !== 'slug' in b || 'lat' in a !== 'lat' in b) continue;
            expect(a === b).toBe(JSON.stringify(a) === JSON.stringify(b));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a card longer than a chunk whole, and the cards after it', () => {
    const long = 'Ä€😀 '.repeat(5_000);
    const builder = new CardStoreBuilder(1_024);
    const jobs = [job({ summary: 'short' }), job({ summary: long }), job({ summary: 'after' })];
    for (const j of jobs) builder.add(j);
    const cards = builder.finish(Uint32Array.of(0, 1, 2));
    expect(cards.get(1).summary).toBe(long);
    expect(cards.get(2).summary).toBe('after');
    expect(cards.get(0).summary).toBe('short');
    // Every chunk is cut to the cards it holds.
    const held = jobs.reduce((sum, j) => sum + Buffer.byteLength(JSON.stringify(j.summary)), 0);
    expect(cards.bytes).toBeGreaterThan(held);
    expect(cards.bytes).toBeLessThan(held + 3 * 400);
  });

  it('moves each chunk to the spill as it is full, so that the cards leave memory as they are made', () => {
    const spill = SpillFile.open(dir);
    const builder = new CardStoreBuilder(1_024, spill);
    const summaries = Array.from({ length: 30 }, (_, i) => `Zusammenfassung ${i} `.repeat(10));
    const seen: number[] = [];
    for (const summary of summaries) {
      builder.add(job({ summary }));
      seen.push(spill.bytes);
    }
    // Written as chunks fill, not all at the end: the file grows while cards are added.
    expect(seen[0]).toBe(0);
    expect(new Set(seen).size).toBeGreaterThan(5);
    const cards = builder.finish(Uint32Array.from(summaries.keys()));
    expect(spill.bytes).toBe(cards.bytes);
    summaries.forEach((summary, d) => {
      expect(cards.get(d).summary).toBe(summary);
    });
    // The file has no name: nothing is left beside the index, whatever happens to the process.
    expect(readdirSync(dir)).toEqual([]);
    spill.close();
    expect(() => cards.get(0)).toThrow();
  });
});

describe('a spill file', () => {
  it('gives back what was added, by position, until it is closed', () => {
    const spill = SpillFile.open(dir);
    const a = spill.add(Buffer.from('erste'));
    const b = spill.add(Buffer.from('zweite Größe'));
    expect(a).toBeInstanceOf(FileBytes);
    expect([a.length, b.length, spill.bytes]).toEqual([5, 14, 19]);
    expect(b.toString('utf8', 0, b.length)).toBe('zweite Größe');
    expect(a.toString('utf8', 1, 4)).toBe('rst');
    spill.close();
    expect(() => spill.add(Buffer.from('x'))).toThrow(/closed/);
    spill.close();
  });
});

/** The cards (JSON arrays, one after another) of a chunk's text. */
function cardTexts(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) {
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  return out;
}
