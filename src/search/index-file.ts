import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { CardStore } from './columns/card-store.js';
import { workingState, type Engine } from './engine.js';
import { readGraph, writeGraph, type ClassTable } from '../lib/graph-file.js';
import { SalaryEstimator, Samples } from './columns/salary-estimate.js';
import { SearchIndex } from './segments/search-index.js';
import type { Segment } from './segments/segment.js';
import { WordTable } from './postings/word-table.js';

/**
 * A built index saved to a file and read back (graph-file.ts), so that a serving process starts
 * from the file and the store's changes since it, instead of reading and indexing every posting.
 * The file is a cache, never the record: it is used only when it was written by the same engine
 * code (a hash of the files of this folder and its wings, src/domain and src/lib), with the same salary buckets and tuning,
 * from the same store, and the store has not gone back behind its cursor; otherwise the index is
 * built from the store.
 */

/** The classes whose instances a built index holds (a new one is refused by `writeGraph`). */
const CLASSES: ClassTable = { CardStore, SalaryEstimator, Samples, WordTable };

/** What a saved index says of itself; all of it must match before the rest is read. */
export interface IndexFileMeta {
  /** The engine's code, the Node.js version and the index options (`indexFormat`). */
  format: string;
  /** The store it was built from (`JobStore.storeId`). */
  storeId: string;
  /** The store's change cursor the index reflects. */
  cursor: number;
  /** The clock of the build: postings that had expired by then are not in it. */
  builtAt: number;
  documents: number;
}

let codeHash: string | null = null;

/**
 * The format of a saved index: a hash of the code that builds and reads indexes (`engineCode`, as
 * run: sources or compiled; another `code` in tests), the Node.js version (the skeleton is
 * v8-serialised) and the options a build depends on.
 */
export function indexFormat(
  options: { salaryBuckets: readonly SalaryBucket[]; tuning?: unknown },
  code?: string,
): string {
  codeHash ??= engineCode(dirname(fileURLToPath(import.meta.url)), fileURLToPath(import.meta.url));
  return createHash('sha1')
    .update(code ?? codeHash)
    .update(process.version)
    .update(JSON.stringify(options.salaryBuckets))
    .update(JSON.stringify(options.tuning ?? null))
    .digest('hex');
}

/**
 * The folders of the code the engine runs, given this folder (`search`): all of it with its wings,
 * and the two it may import from, `domain` and `lib` (an import rule keeps it to those).
 */
export function engineFolders(search: string): string[] {
  return [search, join(search, '..', 'domain'), join(search, '..', 'lib')];
}

/**
 * A hash of the engine's code (`engineFolders` of `search`); bundled, of the files of the bundle's
 * folder (the entry and the modules started beside it: the CLI's main thread checks a file that its
 * index worker or builder wrote, so they must all hash alike). `self` is the running file.
 */
export function engineCode(search: string, self: string): string {
  return hashSources(engineFolders(search), self);
}

/**
 * A hash of the relative paths and contents of the `.ts` and `.js` files of `dirs` and their
 * subfolders, in name order; when one of the folders is missing (a bundle), of those of the folder
 * of `self` (not of its subfolders).
 */
export function hashSources(dirs: readonly string[], self: string): string {
  const bundled = !dirs.every((dir) => existsSync(dir));
  const hash = createHash('sha1');
  const add = (dir: string, prefix: string): void => {
    // Stryker disable next-line MethodExpression: equivalent here, Node's readdir (libuv's scandir) lists names sorted; the sort keeps the hash from depending on it
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.isDirectory()) {
        if (!bundled) add(join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (/\.(ts|js)$/.test(entry.name)) {
        hash.update(prefix + entry.name).update(readFileSync(join(dir, entry.name)));
      }
    }
  };
  for (const dir of bundled ? [dirname(self)] : dirs) add(dir, '');
  return hash.digest('hex');
}

/** Writes the index (a reader over one whole segment, never over several) to `path`, atomically. */
export function saveIndex(path: string, index: SearchIndex, meta: IndexFileMeta): { bytes: number } {
  if (index.leaves.length !== 1 || index.leaves[0]!.live !== null)
    throw new Error('an index file holds one whole segment');
  const segment = index.leaves[0]!.segment;
  const { scratch: _scratch, keywordMatches: _matches, ...engine } = segment.engine;
  return writeGraph(path, { ...segment, engine }, meta, CLASSES);
}

/**
 * What the index saved at `path` says of itself, its header alone read (the rest of the file is
 * not); null when there is no file. A file that is not an index throws.
 */
export function readIndexMeta(path: string): IndexFileMeta | null {
  let meta: IndexFileMeta | null = null;
  readGraph<IndexFileMeta>(path, CLASSES, (read) => {
    meta = read;
    return false;
  });
  return meta;
}

/**
 * The index saved at `path` when its meta passes `accept` (null: no file, or another format,
 * store or cursor); a file that is damaged throws. With `cardsOnDisk`, the serialised cards (half
 * of an index's bytes) stay in the file and a page reads its 20 by position; the file is then
 * open (`fd`) for as long as the index is used, and the caller closes it.
 */
export function loadIndex(
  path: string,
  accept: (meta: IndexFileMeta) => boolean,
  options: { cardsOnDisk?: boolean } = {},
): { index: SearchIndex; meta: IndexFileMeta; bytes: number; fd: number | null } | null {
  // The card store's chunks are the index's only Buffers (every other array is typed).
  const onDisk = options.cardsOnDisk === true ? (type: string) => type === 'Buffer' : undefined;
  const read = readGraph<IndexFileMeta>(path, CLASSES, accept, onDisk ? { onDisk } : {});
  if (read === null) return null;
  const saved = read.root as Omit<Segment, 'engine'> & { engine: Omit<Engine, 'scratch' | 'keywordMatches'> };
  const engine: Engine = { ...saved.engine, ...workingState(saved.engine.n, saved.engine.tuning) };
  return { index: SearchIndex.of({ ...saved, engine }), meta: read.meta, bytes: read.bytes, fd: read.fd };
}
