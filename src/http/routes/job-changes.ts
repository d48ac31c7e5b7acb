import { Type, type Static } from 'typebox';
import type { JobChange, JobStore } from '../../store/job-store.js';
import type { ApiInstance, AppDeps } from '../app-types.js';
import { ApiError } from '../errors.js';
import { ErrorResponse } from '../schemas.js';
import { JobDetail, presentDetail } from './job-detail.js';
import { snapshotOf } from './shared.js';

/** Changes per page by default, and at most. */
export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;

const ChangesQuery = Type.Object({
  since: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description:
        'The cursor to read after: `0` (the default) for the whole feed, else the last page’s `next_cursor`.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_CHANGES_LIMIT,
      description: `Changes per page (default ${DEFAULT_CHANGES_LIMIT}). A page never splits one import: it may hold more when one import wrote more.`,
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

const ChangesResponse = Type.Object({
  success: Type.Boolean(),
  since: Type.Integer(),
  next_cursor: Type.Integer(),
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
 * `valid_through`.
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
          'page’s `next_cursor` until `has_more` is false; later, poll with the last cursor. Each change is an ' +
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
      const upTo = snapshotOf(request).cursor;
      const since = request.query.since ?? 0;
      const limit = request.query.limit ?? DEFAULT_CHANGES_LIMIT;
      const page = since >= upTo ? null : await store.changesSince(since, limit);
      // Changes past the served index wait for the next one; a page ends on whole imports, so
      // cutting at the index's cursor (an import's own) never splits one.
      const changes = page === null ? [] : page.changes.filter((c) => c.cursor <= upTo);
      const cut = page !== null && changes.length < page.changes.length;
      const now = deps.now?.() ?? Date.now();
      return {
        success: true,
        since,
        next_cursor: changes.at(-1)?.cursor ?? since,
        has_more: page !== null && page.more && !cut,
        changes: changes.map((c) => presentChange(c, now, deps.config.newWithinDays)),
        duration_ms: Math.round(reply.elapsedTime),
      };
    },
  );
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
