import { Type, type Static } from 'typebox';
import type { JobChange, JobStore } from '../../store/job-store.js';
import type { ApiInstance, AppDeps } from '../app-types.js';
import { ApiError, invalidParameter } from '../errors.js';
import { ErrorResponse } from '../schemas.js';
import { JobDetail, presentDetail } from './job-detail.js';
import { snapshotOf } from './shared.js';
import { readStore } from '../store-read.js';

/** Changes per page by default, and at most. */
export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;
/**
 * A page stops adding postings once their stored JSON would pass this many bytes (one posting
 * larger than that still makes a page of its own), whatever one import wrote.
 */
export const MAX_CHANGES_PAGE_BYTES = 1024 * 1024;
/** Longest `after` token: a posting's key (at most a URL's length) in base64url. */
const MAX_AFTER_LENGTH = 12_000;

export const ChangesQuery = Type.Object({
  since: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'The cursor to read after: `0` (the default) for the whole feed, else the last page’s `next_cursor`.',
    }),
  ),
  after: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]+$',
      maxLength: MAX_AFTER_LENGTH,
      description:
        'The position inside the changes of cursor `since` to read after: the last page’s `next_after`. ' +
        'Unset (the default): after every change of cursor `since`.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CHANGES_LIMIT,
      description:
        `Changes per page (default ${DEFAULT_CHANGES_LIMIT}). A page also ends before its postings pass ` +
        `${MAX_CHANGES_PAGE_BYTES / 1024 / 1024} MB of JSON, so it may hold fewer; one import can span many pages.`,
    }),
  ),
});
type ChangesQuery = Static<typeof ChangesQuery>;

const Change = Type.Union([
  Type.Object({
    type: Type.Literal('upsert'),
    cursor: Type.Integer(),
    board_id: Type.String(),
    job: JobDetail,
  }),
  Type.Object({
    type: Type.Literal('delete'),
    cursor: Type.Integer(),
    board_id: Type.String(),
  }),
]);

export const ChangesResponse = Type.Object({
  success: Type.Boolean(),
  since: Type.Integer(),
  next_cursor: Type.Integer(),
  next_after: Type.Union([Type.String(), Type.Null()]),
  has_more: Type.Boolean(),
  changes: Type.Array(Change),
  duration_ms: Type.Integer(),
});

/**
 * `GET /jobs/api/job-changes?since=&limit=`: the store's change feed as this replica serves it —
 * upserts (the whole posting) and deletions after a cursor, in commit order, up to the change
 * cursor of the index this replica answers from. So the feed never runs ahead of the search, and
 * an answer is a function of the index version and the query (cacheable like the rest of the API).
 * Replaying it from 0 and dropping postings whose `valid_through` has passed gives exactly the
 * live postings: expiry is no change in the store, so it arrives as the upsert that set
 * `valid_through`. With a feed thread (../feed-thread.ts) a page that reads the
 * store is read, presented and serialised there; a caught-up poll is answered here.
 */
export function registerJobChanges(app: ApiInstance, deps: AppDeps & { store?: JobStore }): void {
  app.get<{ Querystring: ChangesQuery }>(
    '/job-changes',
    {
      config: { canonical: { defaults: { since: '0', limit: String(DEFAULT_CHANGES_LIMIT) } } },
      schema: {
        summary: 'The change feed: postings written or deleted after a cursor',
        description:
          'For aggregators and search engines that keep their own copy. Start with `since=0`, then pass each ' +
          'page’s `next_cursor` as `since` and its `next_after` as `after` (when not null) until `has_more` is ' +
          'false; later, poll with the last pair. A page holds at most `limit` changes and about 1 MB of ' +
          'postings, so one large import spans several pages (`next_after` marks the place inside it). ' +
          'Each change is an ' +
          '`upsert` with the whole posting (as `GET /jobs/api/jobs/{board_id}` gives it) or a `delete` with the ' +
          'board id. Only the latest state of a posting is kept in the feed, at the cursor of its last write. ' +
          'Expiry is not a change: drop postings whose `valid_through` has passed. The feed reaches as far as ' +
          'the index this server answers from (its `/readyz` cursor), so it never lists a posting the search ' +
          'does not show yet.',
        querystring: ChangesQuery,
        response: { 200: ChangesResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const store = deps.store;
      if (store === undefined) throw new ApiError('not_found', 'this server has no store to read changes from');
      const query = feedQueryOf(request.query, snapshotOf(request).cursor, deps);
      const thread = deps.feedThread;
      if (thread !== undefined && !caughtUp(query)) {
        const body = await readStore(store, request.log, () => thread.page(query));
        return reply.type(JSON_TYPE).send(withDuration(body, Math.round(reply.elapsedTime)));
      }
      const answer = await readStore(store, request.log, () => readFeedAnswer(store, query));
      return { ...answer, duration_ms: Math.round(reply.elapsedTime) };
    },
  );
}

/** One page of the feed as a request asks for it, with what its answer depends on besides the store. */
export interface FeedQuery {
  since: number;
  /** The position inside cursor `since`'s changes: the key, and the token it came as (null: none). */
  after: { key: string; token: string } | null;
  limit: number;
  /** The change cursor of the index the request is answered from: the page reaches no further. */
  upTo: number;
  now: number;
  newWithinDays: number;
}

/** A page's answer but its `duration_ms` (the last field). */
export type FeedAnswer = Omit<Static<typeof ChangesResponse>, 'duration_ms'>;

/** The media type of a JSON answer, as Fastify's own serialisation sets it. */
const JSON_TYPE = 'application/json; charset=utf-8';

function feedQueryOf(query: ChangesQuery, upTo: number, deps: AppDeps): FeedQuery {
  const token = query.after;
  return {
    since: query.since ?? 0,
    after: token === undefined ? null : { key: keyOf(token), token },
    limit: query.limit ?? DEFAULT_CHANGES_LIMIT,
    upTo,
    now: deps.now?.() ?? Date.now(),
    newWithinDays: deps.config.newWithinDays,
  };
}

/** Nothing past the position in the served index: the answer needs no read. */
function caughtUp(query: FeedQuery): boolean {
  return query.since > query.upTo || (query.since === query.upTo && query.after === null);
}

/**
 * A page of the feed read from the store and presented, wherever it runs: on the request thread,
 * or in the feed thread (feed-thread.ts), which serialises it with the route's response schema.
 */
export async function readFeedAnswer(store: JobStore, query: FeedQuery): Promise<FeedAnswer> {
  const { since, after, limit, upTo } = query;
  const page = caughtUp(query) ? null : await store.feedPage(since, after?.key ?? null, limit, MAX_CHANGES_PAGE_BYTES);
  // Changes past the served index wait for the next one.
  const changes = page === null ? [] : page.changes.filter((c) => c.cursor <= upTo);
  const cut = page !== null && changes.length < page.changes.length;
  const last = changes.at(-1);
  return {
    success: true,
    since,
    next_cursor: last?.cursor ?? since,
    next_after: last === undefined ? (after?.token ?? null) : tokenOf(keyOfChange(last)),
    has_more: page !== null && page.more && !cut,
    changes: changes.map((c) => presentChange(c, query.now, query.newWithinDays)),
  };
}

/** How a page serialised in the feed thread ends (`duration_ms`, the last field, is 0 there). */
export const ZERO_DURATION_TAIL = ',"duration_ms":0}';

/** A page from the feed thread with the request's own `duration_ms`, as text (the response cache keeps text answers). */
function withDuration(body: Uint8Array, durationMs: number): string {
  const head = Buffer.from(body.buffer, body.byteOffset, body.length - ZERO_DURATION_TAIL.length);
  return `${head.toString('utf8')},"duration_ms":${durationMs}}`;
}

function keyOfChange(change: JobChange): string {
  return change.kind === 'upsert' ? change.job.key : change.key;
}

/** A position inside a cursor's changes, as the client carries it: the key in base64url. */
function tokenOf(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function keyOf(token: string): string {
  const key = Buffer.from(token, 'base64url').toString('utf8');
  if (key === '' || tokenOf(key) !== token) throw invalidParameter('after', 'must be a `next_after` of this feed');
  return key;
}

function presentChange(change: JobChange, now: number, newWithinDays: number): Static<typeof Change> {
  return change.kind === 'upsert'
    ? {
        type: 'upsert',
        cursor: change.cursor,
        board_id: change.job.boardId,
        job: presentDetail(change.job, now, newWithinDays),
      }
    : { type: 'delete', cursor: change.cursor, board_id: change.boardId };
}
