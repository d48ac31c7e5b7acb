/**
 * The PostgreSQL side of board-id registry, import staging and publishing (see job-store.ts and
 * README.md). Every function here runs inside a transaction its caller opened.
 */
import type pg from 'pg';
import { boardIdCandidates } from '../domain/board-id.js';
import type { Job } from '../domain/job.js';
import type { PublishOptions, PublishResult, RepeatedJob, StageResult, StagedJob } from './job-store.js';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { contentHash, storedDoc, withBoardId } from './job-json.js';
import { newImportId, sourceOfImport } from './import-id.js';
import { duplicateKeysOf, type DuplicateKeys } from '../domain/duplicate-key.js';
import { applyGroups, keysOfRows } from './postgres-groups.js';

/** Held (per transaction) while board ids are assigned, so two writers never hand out one id twice. */
const REGISTRY_LOCK = 4_217_730_552;

/**
 * The board ids of `jobs` (distinct keys), registering new ones: the key's registered id, else the
 * first candidate (proposal, derived ids) that no other key holds. One query per round; a second
 * round happens only when a candidate was taken.
 */
export async function assignBoardIds(client: pg.PoolClient, jobs: readonly Job[]): Promise<Map<string, string>> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [REGISTRY_LOCK]);
  const keys = jobs.map((j) => j.key);
  const held = await client.query<[string, string]>({
    text: 'SELECT key, board_id FROM board_ids WHERE key = ANY($1::text[])',
    values: [keys],
    rowMode: 'array',
  });
  const ids = new Map<string, string>(held.rows);
  let pending = jobs
    .filter((j) => !ids.has(j.key))
    .map((j) => ({ key: j.key, candidates: boardIdCandidates(j.key, j.boardId) }));
  const fresh = new Map<string, string>();
  const claimed = new Set<string>();
  while (pending.length > 0) {
    // Claimed as it is chosen: two keys of one batch proposing the same id must not both get it
    // (the earlier one does, in batch order, as SQLite's assignBoardId registers one at a time).
    const wanted = pending.map((p) => {
      const id = nextFree(p.candidates, claimed);
      claimed.add(id);
      return { ...p, id };
    });
    const taken = await client.query<[string]>({
      text: 'SELECT board_id FROM board_ids WHERE board_id = ANY($1::text[])',
      values: [wanted.map((w) => w.id)],
      rowMode: 'array',
    });
    const takenIds = new Set(taken.rows.map((r) => r[0]));
    for (const w of wanted) if (!takenIds.has(w.id)) fresh.set(w.key, w.id);
    pending = wanted.filter((w) => takenIds.has(w.id));
  }
  if (fresh.size > 0) {
    await client.query('INSERT INTO board_ids (board_id, key) SELECT * FROM unnest($1::text[], $2::text[])', [
      [...fresh.values()],
      [...fresh.keys()],
    ]);
    for (const [key, id] of fresh) ids.set(key, id);
  }
  return ids;
}

function nextFree(candidates: Generator<string>, claimed: ReadonlySet<string>): string {
  for (;;) {
    const next = candidates.next();
    if (next.done === true) throw new Error('unreachable: board id candidates never end');
    if (!claimed.has(next.value)) return next.value;
  }
}

/** Jobs (distinct keys) with their registered board ids, serialised, with their content hashes. */
export async function withRegisteredIds(
  client: pg.PoolClient,
  jobs: readonly Job[],
): Promise<{ job: Job; doc: string; hash: string }[]> {
  const ids = await assignBoardIds(client, jobs);
  return jobs.map((proposed) => {
    const job = withBoardId(proposed, ids.get(proposed.key) ?? proposed.boardId);
    const doc = JSON.stringify(job);
    return { job, doc, hash: contentHash(doc) };
  });
}

export async function beginImport(client: pg.PoolClient, source: string): Promise<string> {
  await client.query('DELETE FROM import_staging WHERE source = $1', [source]);
  return newImportId(source);
}

/** A batch goes into import_staging by COPY: one round trip, no statement to plan or JSON to take apart. */
const STAGE_COPY_SQL = `
  COPY import_staging (import_id, source, key, position, board_id, posted_at, valid_through, doc, detail, hash,
                       place_dup, url_dup) FROM STDIN`;

/** Keys of the batch an earlier batch of this import staged, with the position staged. */
const STAGED_BEFORE_SQL = 'SELECT key, position FROM import_staging WHERE import_id = $1 AND key = ANY($2::text[])';

/** Says the same as PostgreSQL's refusal of U+0000 in JSONB (postgres-store.ts, explainUpsertError). */
export const NUL_MESSAGE =
  'PostgreSQL cannot store the character U+0000 (NUL) in a posting; remove control characters from its texts';

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: `\N` for null, backslash escapes for the four characters that need one. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  // COPY's text cannot hold NUL at all (a JSON document holds it escaped, which JSONB refuses).
  if (value.includes('\0')) throw new Error(NUL_MESSAGE);
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] ?? c) : value;
}

function copyRow(importId: string, source: string, job: Job, position: string): string {
  const { doc, detail, hash } = storedDoc(job);
  const keys = duplicateKeysOf(job);
  const fields = [importId, source, job.key, position, job.boardId, job.postedAt, job.validThrough, doc, detail, hash];
  return `${[...fields, keys.place, keys.url].map(copyField).join('\t')}\n`;
}

/**
 * Stages a batch: postings repeated within it or staged by an earlier batch of the import are
 * reported with the position of the first (kept); the rest get their board ids and are copied in.
 */
export async function stageJobs(
  client: pg.PoolClient,
  importId: string,
  batch: readonly StagedJob[],
): Promise<StageResult> {
  const repeated: (RepeatedJob & { key: string })[] = [];
  const firstByKey = new Map<string, StagedJob>();
  for (const item of batch) {
    const first = firstByKey.get(item.job.key);
    if (first === undefined) firstByKey.set(item.job.key, item);
    else repeated.push({ position: item.position, firstPosition: first.position, key: item.job.key });
  }
  const before = await client.query<[string, string]>({
    text: STAGED_BEFORE_SQL,
    values: [importId, [...firstByKey.keys()]],
    rowMode: 'array',
  });
  const stagedBefore = new Map(before.rows);
  const fresh: StagedJob[] = [];
  for (const item of firstByKey.values()) {
    if (stagedBefore.has(item.job.key))
      repeated.push({ position: item.position, firstPosition: '', key: item.job.key });
    else fresh.push(item);
  }
  for (const r of repeated) r.firstPosition = stagedBefore.get(r.key) ?? r.firstPosition;
  if (fresh.length > 0) {
    const ids = await assignBoardIds(
      client,
      fresh.map((f) => f.job),
    );
    const source = sourceOfImport(importId);
    const rows = fresh.map(({ job, position }) =>
      copyRow(importId, source, withBoardId(job, ids.get(job.key) ?? job.boardId), position),
    );
    const copy = client.query(copyFrom(STAGE_COPY_SQL));
    copy.end(rows.join(''));
    await finished(copy);
  }
  // In the batch's order, as the SQLite store reports them.
  const order = new Map(batch.map((b, i) => [b.position, i]));
  repeated.sort((a, b) => (order.get(a.position) ?? 0) - (order.get(b.position) ?? 0));
  return {
    staged: fresh.length,
    repeated: repeated.map(({ position, firstPosition }) => ({ position, firstPosition })),
  };
}

const COUNTS_SQL = `
  SELECT count(*),
         count(*) FILTER (WHERE j.key IS NULL),
         count(*) FILTER (WHERE j.key IS NOT NULL AND j.hash IS NOT DISTINCT FROM s.hash),
         count(*) FILTER (WHERE s.valid_through < $2)
    FROM import_staging s LEFT JOIN jobs j ON j.key = s.key
   WHERE s.import_id = $1`;

const REMOVABLE_SQL = `
  SELECT count(*) FROM jobs j WHERE j.source = $1
     AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = $2 AND s.key = j.key)`;

const PUBLISH_SQL = `
  INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, detail, hash, seq, stored_seq, place_dup,
                    url_dup)
  SELECT s.key, s.board_id, s.source, s.posted_at, s.valid_through, s.doc, s.detail, s.hash, $2, $2, s.place_dup,
         s.url_dup
    FROM import_staging s LEFT JOIN jobs j ON j.key = s.key
   WHERE s.import_id = $1 AND (j.key IS NULL OR j.hash IS DISTINCT FROM s.hash)
  ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, source = excluded.source,
    posted_at = excluded.posted_at, valid_through = excluded.valid_through, doc = excluded.doc,
    detail = excluded.detail, hash = excluded.hash, seq = excluded.seq, place_dup = excluded.place_dup,
    url_dup = excluded.url_dup`;

/** Duplicate keys, new and old, of the staged postings that are new or changed. */
const CHANGED_KEYS_SQL = `
  SELECT s.place_dup, s.url_dup FROM import_staging s LEFT JOIN jobs j ON j.key = s.key
   WHERE s.import_id = $1 AND (j.key IS NULL OR j.hash IS DISTINCT FROM s.hash)
  UNION ALL
  SELECT j.place_dup, j.url_dup FROM import_staging s JOIN jobs j ON j.key = s.key
   WHERE s.import_id = $1 AND j.hash IS DISTINCT FROM s.hash`;

const ABSENT_KEYS_SQL = `
  SELECT place_dup, url_dup FROM jobs j WHERE j.source = $1
     AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = $2 AND s.key = j.key)`;

const DUPLICATES_SQL = `
  SELECT count(*) FROM import_staging s JOIN jobs j ON j.key = s.key
   WHERE s.import_id = $1 AND j.duplicate_of IS NOT NULL`;

const UNTOMBSTONE_STAGED_SQL =
  'DELETE FROM job_tombstones WHERE key IN (SELECT key FROM import_staging WHERE import_id = $1)';

const TOMBSTONE_ABSENT_SQL = `
  INSERT INTO job_tombstones (key, board_id, seq)
  SELECT key, board_id, $3 FROM jobs j WHERE j.source = $1
     AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = $2 AND s.key = j.key)
  ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, seq = excluded.seq`;

const REMOVE_ABSENT_SQL = `
  DELETE FROM jobs WHERE source = $1
     AND NOT EXISTS (SELECT 1 FROM import_staging s WHERE s.import_id = $2 AND s.key = jobs.key)`;

/** See sqlite-import.ts publishImport: the same steps, in one transaction. */
export async function publishImport(
  client: pg.PoolClient,
  importId: string,
  options: PublishOptions,
  bumpCursor: () => Promise<number>,
): Promise<PublishResult> {
  const source = sourceOfImport(importId);
  const tally = await client.query<string[]>({
    text: COUNTS_SQL,
    values: [importId, Math.ceil(options.now)],
    rowMode: 'array',
  });
  const [staged = 0, inserted = 0, unchanged = 0, expired = 0] = (tally.rows[0] ?? []).map(Number);
  let removed = 0;
  if (options.sync) {
    const r = await client.query<[string]>({ text: REMOVABLE_SQL, values: [source, importId], rowMode: 'array' });
    removed = Number(r.rows[0]?.[0] ?? 0);
  }
  const counts = { inserted, updated: staged - inserted - unchanged, unchanged, expired, removed };
  let seq: number | undefined;
  const cursor = async (): Promise<number> => (seq ??= await bumpCursor());
  const seeds: DuplicateKeys[] = [];
  if (counts.inserted + counts.updated + removed > 0) {
    seeds.push(...(await keysOfRows(client, CHANGED_KEYS_SQL, [importId])));
    await client.query(PUBLISH_SQL, [importId, await cursor()]);
    // The change feed (job_tombstones): a key written again loses its tombstone, a removed one gets one.
    await client.query(UNTOMBSTONE_STAGED_SQL, [importId]);
    if (options.sync && removed > 0) {
      seeds.push(...(await keysOfRows(client, ABSENT_KEYS_SQL, [source, importId])));
      await client.query(TOMBSTONE_ABSENT_SQL, [source, importId, await cursor()]);
      await client.query(REMOVE_ABSENT_SQL, [source, importId]);
    }
  }
  await applyGroups(client, seeds, options.now, cursor);
  const duplicates = await client.query<[string]>({ text: DUPLICATES_SQL, values: [importId], rowMode: 'array' });
  await client.query('DELETE FROM import_staging WHERE import_id = $1', [importId]);
  return { ...counts, duplicates: Number(duplicates.rows[0]?.[0] ?? 0) };
}
