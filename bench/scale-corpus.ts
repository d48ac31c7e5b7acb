/**
 * A larger bench corpus made from a cached one: the store copied, then its postings inserted again
 * under new keys until it holds `--size` postings, named as bench/corpus.ts names a generated
 * corpus of that size, so every bench that calls `ensureCorpus(size, seed, …)` finds it cached.
 * Generating, enriching and importing 2,000,000 postings takes hours; this takes minutes.
 *
 *   npx tsx bench/scale-corpus.ts --from bench/.cache/corpus-v1-n1000000-s1.db --size 2000000
 *   npx tsx bench/scale-corpus.ts --from bench/.cache/corpus-v1-n2000000-s1.db --size 3000000 --in-place
 *
 * Copy r of a posting (r = 2, 3, …) has the key `<key>~copy<r>`, the board id derived from that key
 * as a store derives one (src/domain/board-id.ts), both written into its document too, and a change
 * cursor of its own (one per copy, as if each copy were one import). Everything else is the
 * original's: texts, company, places, dates, salary, duplicate keys. The copies keep the original's
 * source, so duplicate detection (which never attaches postings of one source to each other) serves
 * every one of them. The content hash gets the key's suffix (a stand-in: no import compares it).
 *
 * What this under- and overstates: the vocabulary, companies, places, skills and title suggestions
 * of a 3M corpus made this way are the 1M corpus's, each value three times as frequent. Real data
 * would bring new words and names with size, so the dictionaries and per-value tables here stay at
 * their 1M size (understated), while each keyword's and value's posting list is exactly k times as
 * long (real lists of rare words would be shorter). docs/scaling.md.
 *
 * The copy is made with SQLite's online backup (consistent while other processes read the source).
 * `--in-place` renames the source instead of copying it (a 2M copy extended to 3M without a second
 * file); never use it on a generated corpus another run relies on. Only a single-source store
 * without attached duplicates is accepted (copies of an attached posting would need regrouping).
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { derivedBoardId } from '../src/domain/board-id.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';

/** Marks a copy's key: `<key>~copy<r>`. */
export const COPY_MARK = '~copy';
/** Originals inserted again per statement: progress and a bounded transaction. */
const BATCH = 50_000;

export interface ScaleResult {
  /** Postings that are no copy (the corpus it was made from). */
  originals: number;
  before: number;
  after: number;
}

/**
 * Extends the SQLite store at `path` in place until it holds `size` postings, a whole multiple of
 * its originals (its postings without the copy mark). Brings the schema up to date first.
 */
export async function scaleStore(
  path: string,
  size: number,
  log: (line: string) => void = () => {},
): Promise<ScaleResult> {
  const store = new SqliteJobStore(path);
  try {
    await store.migrate();
  } finally {
    await store.close();
  }
  const db = new Database(path);
  try {
    // One writer, a file nobody else uses: no journal of the appended pages in the WAL.
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    db.function('copy_board_id', { deterministic: true }, (key: unknown) => derivedBoardId(String(key)));
    const count = (sql: string): number => db.prepare<[], number>(sql).pluck().get() ?? 0;
    if (count('SELECT count(*) FROM jobs WHERE duplicate_of IS NOT NULL') > 0)
      throw new Error('scale-corpus: the store holds attached duplicates; only a store without them can be scaled');
    if (count('SELECT count(DISTINCT source) FROM jobs') > 1)
      throw new Error('scale-corpus: the store holds several sources; only a single-source store can be scaled');
    const before = count('SELECT count(*) FROM jobs');
    const originals = count(`SELECT count(*) FROM jobs WHERE instr(key, '${COPY_MARK}') = 0`);
    if (originals === 0) throw new Error('scale-corpus: the store is empty');
    if (before % originals !== 0 || size % originals !== 0 || size < before)
      throw new Error(
        `scale-corpus: ${size} is no multiple ≥ ${before} of the store's ${originals} originals (it holds ${before})`,
      );
    const maxRowid = count(`SELECT max(rowid) FROM jobs WHERE instr(key, '${COPY_MARK}') = 0`);
    const bump = db
      .prepare<[], number>("UPDATE store_meta SET value = value + 1 WHERE name = 'change_cursor' RETURNING value")
      .pluck();
    const insertJobs = db.prepare<{ suffix: string; seq: number; from: number; to: number }>(
      `INSERT INTO jobs (key, board_id, posted_at, valid_through, doc, seq, source, hash, stored_seq,
                         place_dup, url_dup, duplicate_of, head_valid_through, detail, description_tail)
       SELECT k, b, posted_at, valid_through, json_set(doc, '$.key', k, '$.boardId', b), :seq, source,
              hash || :suffix, :seq, place_dup, url_dup, NULL, NULL, detail, description_tail
         FROM (SELECT *, key || :suffix AS k, copy_board_id(key || :suffix) AS b FROM jobs
                WHERE rowid BETWEEN :from AND :to AND instr(key, '${COPY_MARK}') = 0)`,
    );
    const insertIds = db.prepare<[number]>(
      'INSERT INTO board_ids (board_id, key) SELECT board_id, key FROM jobs WHERE rowid > ?',
    );
    const lastRowid = db.prepare<[], number>('SELECT max(rowid) FROM jobs').pluck();
    const batch = db.transaction((suffix: string, seq: number, from: number, to: number) => {
      const last = lastRowid.get() ?? 0;
      insertJobs.run({ suffix, seq, from, to });
      insertIds.run(last);
    });
    const started = performance.now();
    for (let copy = before / originals + 1; copy <= size / originals; copy++) {
      const seq = bump.get() ?? 0;
      for (let from = 1; from <= maxRowid; from += BATCH) {
        batch(`${COPY_MARK}${copy}`, seq, from, from + BATCH - 1);
      }
      log(
        `  copy ${copy}: ${count('SELECT count(*) FROM jobs')} postings, ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
    // Another store now: a saved index of the one it was copied from must not be taken for its own.
    db.prepare("UPDATE store_meta SET value = abs(random() % 9007199254740991) WHERE name = 'store_id'").run();
    db.pragma('journal_mode = WAL');
    return { originals, before, after: count('SELECT count(*) FROM jobs') };
  } finally {
    db.close();
  }
}

/** `corpus-v1-n1000000-s1.db` with size 3000000 → `corpus-v1-n3000000-s1.db` beside it. */
export function scaledName(from: string, size: number): string {
  const name = basename(from);
  if (!/-n\d+-/.test(name)) throw new Error(`scale-corpus: ${name} is not named as a bench corpus (-n<size>-)`);
  return join(dirname(from), name.replace(/-n\d+-/, `-n${size}-`));
}

async function main(argv: readonly string[]): Promise<void> {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i < 0 ? undefined : argv[i + 1];
  };
  const from = value('--from');
  const size = Number(value('--size'));
  if (from === undefined || !Number.isInteger(size) || size <= 0)
    throw new Error('usage: scale-corpus.ts --from <corpus .db> --size <postings> [--in-place] [--out <.db>]');
  const out = value('--out') ?? scaledName(from, size);
  if (existsSync(out)) throw new Error(`scale-corpus: ${out} exists; remove it first`);
  const meta = existsSync(`${from}.json`) ? (JSON.parse(readFileSync(`${from}.json`, 'utf8')) as object) : {};
  const partial = `${out}.partial`;
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) rmSync(f, { force: true });
  const started = performance.now();
  if (argv.includes('--in-place')) {
    if (existsSync(`${from}-wal`) && statSync(`${from}-wal`).size > 0)
      throw new Error(`scale-corpus: ${from} has a WAL beside it; close its users first`);
    renameSync(from, partial);
    rmSync(`${from}.json`, { force: true });
    rmSync(`${from}-shm`, { force: true });
  } else {
    // SQLite's online backup: a consistent copy even while others read it (its WAL included).
    const source = new Database(from, { readonly: true });
    try {
      await source.backup(partial);
    } finally {
      source.close();
    }
  }
  const log = (line: string): void => {
    console.error(line);
  };
  log(`  ${basename(from)} → ${basename(partial)}: ${Math.round((performance.now() - started) / 1000)} s`);
  const result = await scaleStore(partial, size, log);
  renameSync(partial, out);
  const scaledFrom = 'scaledFrom' in meta ? meta.scaledFrom : basename(from);
  writeFileSync(
    `${out}.json`,
    `${JSON.stringify({ ...meta, size, createdAt: new Date().toISOString(), scaledFrom, originals: result.originals }, null, 2)}\n`,
  );
  console.log(
    JSON.stringify({
      out,
      ...result,
      seconds: Math.round((performance.now() - started) / 1000),
      fileMb: Math.round(statSync(out).size / 1e6),
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
