import { Type, type Static } from 'typebox';
import type { Job, JobPlace } from '../../domain/job.js';
import { formatNumber } from '../../domain/format-number.js';
import type { JobGroup, JobStore } from '../../store/job-store.js';
import type { ApiInstance, AppDeps } from '../app-types.js';
import { ApiError } from '../errors.js';
import { CardLang, ErrorResponse, labelAdditionsSchema } from '../schemas.js';
import { labelAdditions } from '../present-labels.js';
import { httpUrlOrNull } from '../../domain/http-url.js';
import { readStore } from '../store-read.js';

const DAY_MS = 86_400_000;
/** Longest board id accepted (import derives ids of up to 17 digits). */
const MAX_BOARD_ID_LENGTH = 40;

const nullableString = Type.Union([Type.String(), Type.Null()]);
const nullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const nullableNumber = Type.Union([Type.Number(), Type.Null()]);

const DetailParams = Type.Object({
  board_id: Type.String({
    pattern: '^[0-9]+$',
    maxLength: MAX_BOARD_ID_LENGTH,
    description: "The card's `board_id` (digits).",
  }),
});
type DetailParams = Static<typeof DetailParams>;

const DetailQuery = Type.Object({ lang: CardLang });
type DetailQuery = Static<typeof DetailQuery>;

const Place = Type.Object({
  name: Type.String(),
  city: nullableString,
  region: nullableString,
  country: nullableString,
  country_code: nullableString,
});

/** One whole posting as the detail endpoint and the change feed give it. */
export const JobDetail = Type.Object({
  board_id: Type.String(),
  title: Type.String(),
  company: Type.String(),
  company_website: nullableString,
  company_logo_url: nullableString,
  company_size: nullableString,
  industry: nullableString,
  position_name: Type.String(),
  seniority_level: nullableString,
  employment_type: nullableString,
  work_model: nullableString,
  remote_percentage: nullableInteger,
  skills: Type.Array(Type.String()),
  is_seo_job: Type.Boolean(),
  language: Type.String(),
  locations: Type.Array(Place),
  created_at: nullableString,
  valid_through: nullableString,
  is_new: Type.Boolean(),
  salary: Type.Union([
    Type.Object({
      provenance: Type.Literal('stated'),
      annual_min_eur: Type.Integer(),
      annual_max_eur: Type.Integer(),
      min_formatted: Type.String(),
      max_formatted: Type.String(),
      as_stated: Type.Union([
        Type.Object({
          currency: nullableString,
          min: nullableNumber,
          max: nullableNumber,
          unit: nullableString,
          text: nullableString,
        }),
        Type.Null(),
      ]),
    }),
    Type.Null(),
  ]),
  summary: Type.String(),
  description: Type.String(),
  apply_url: nullableString,
  source: Type.String(),
});

/** One source of a posting: the feed it came from, its own board id and where to apply there. */
const PostingSource = Type.Object({
  source: Type.String(),
  board_id: Type.String(),
  apply_url: nullableString,
});

/** The detail view: the posting plus every source it was posted by (the served one first). */
const JobDetailWithSources = Type.Object({
  ...JobDetail.properties,
  sources: Type.Array(PostingSource, {
    description:
      'Every source that posted this job: the served posting first, then the postings of other sources ' +
      'recognised as the same job (same company, title and place, or the same apply URL), in the order they were stored.',
  }),
  /** Only with a named language (`lang` / `Accept-Language`). */
  ...labelAdditionsSchema,
});

export const JobDetailResponse = Type.Object({
  success: Type.Boolean(),
  job: JobDetailWithSources,
  duration_ms: Type.Integer(),
});
export type JobDetailResponse = Static<typeof JobDetailResponse>;

/**
 * `GET /jobs/api/jobs/{board_id}`: one whole posting, read from the store (the index keeps no
 * descriptions). 404 for an unknown, deleted or expired posting.
 */
export function registerJobDetail(app: ApiInstance, deps: AppDeps & { store?: JobStore }): void {
  app.get<{ Params: DetailParams; Querystring: DetailQuery }>(
    '/jobs/:board_id',
    {
      schema: {
        summary: 'One whole posting by its board_id',
        description:
          'Everything the store keeps of one live posting: the whole description as plain text (lines separated by `\\n`), ' +
          'every location, the salary as the posting stated it (`as_stated`: amount, currency, period as given; ' +
          '`annual_*_eur`: annualised in euros) — estimates are made at index time and shown only on cards —, ' +
          'the apply URL and the source feed, and `sources`: every source that posted the same job, each with its apply URL. ' +
          'The board id of a posting attached to another (a duplicate) gives the posting that serves it. ' +
          '404 `not_found` when no live posting has this id (unknown, deleted or expired).',
        params: DetailParams,
        querystring: DetailQuery,
        response: { 200: JobDetailResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const now = deps.now?.() ?? Date.now();
      const store = deps.store;
      const group = store ? await readStore(store, request.log, () => groupOf(store, request.params.board_id)) : null;
      const job = group?.job ?? null;
      if (group === null || job === null || (job.validThrough !== null && job.validThrough < now)) {
        throw new ApiError('not_found', `no live posting has board_id ${request.params.board_id}`, 'board_id');
      }
      return {
        success: true,
        job: {
          ...presentDetail(job, now, deps.config.newWithinDays),
          sources: [job, ...group.duplicates].map(presentSource),
          ...(request.query.lang === undefined ? {} : labelAdditions(job, request.query.lang)),
        },
        duration_ms: Math.round(reply.elapsedTime),
      };
    },
  );
}

/** The posting's group (a duplicate's board id names the posting that serves it). */
async function groupOf(store: JobStore, boardId: string): Promise<JobGroup | null> {
  if (store.getGroupByBoardId) return store.getGroupByBoardId(boardId);
  const job = await store.getByBoardId(boardId);
  return job === null ? null : { job, duplicates: [] };
}

function presentSource(job: Job): Static<typeof PostingSource> {
  return { source: job.source, board_id: job.boardId, apply_url: httpUrlOrNull(job.detail?.applyUrl ?? job.url) };
}

export function presentDetail(job: Job, now: number, newWithinDays: number): Static<typeof JobDetail> {
  return {
    board_id: job.boardId,
    title: job.title,
    company: job.company.name,
    company_website: httpUrlOrNull(job.company.website),
    company_logo_url: httpUrlOrNull(job.company.logoUrl),
    company_size: job.company.size,
    industry: job.industry,
    position_name: job.position.name,
    seniority_level: job.seniority,
    employment_type: job.employmentType,
    work_model: job.workModel,
    remote_percentage: job.remotePercentage,
    skills: job.skills.map((s) => s.name),
    is_seo_job: job.isSeo,
    language: job.language,
    locations: job.places.map(presentPlace),
    created_at: job.postedAt === null ? null : new Date(job.postedAt).toISOString(),
    valid_through: job.validThrough === null ? null : new Date(job.validThrough).toISOString(),
    is_new: job.postedAt !== null && now - job.postedAt < newWithinDays * DAY_MS,
    salary:
      job.salary === null
        ? null
        : {
            provenance: 'stated' as const,
            annual_min_eur: job.salary.min,
            annual_max_eur: job.salary.max,
            min_formatted: `${formatNumber(job.salary.min)} EUR`,
            max_formatted: `${formatNumber(job.salary.max)} EUR`,
            as_stated: job.detail?.statedSalary ?? null,
          },
    summary: job.summary,
    // Postings stored before the detail existed have only the searched text (title lines first).
    description: job.detail?.description ?? job.summary,
    apply_url: httpUrlOrNull(job.detail?.applyUrl ?? null),
    source: job.source,
  };
}

function presentPlace(p: JobPlace): Static<typeof Place> {
  return {
    name: p.city?.name ?? p.region?.name ?? p.country?.name ?? '',
    city: p.city?.name ?? null,
    region: p.region?.name ?? null,
    country: p.country?.name ?? null,
    country_code: p.countryCode,
  };
}
