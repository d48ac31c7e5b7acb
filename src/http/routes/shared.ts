import type { FastifyRequest } from 'fastify';
import type { IndexSnapshot } from '../../runtime/live-index.js';
import type { SearchReader } from '../../search/segments/search-index.js';
import { ApiError } from '../errors.js';
import type { SelectedResolvers } from '../present-selected.js';
import { DEFAULT_SUGGEST_LIMIT, MAX_SUGGEST_LIMIT } from '../schemas.js';

/** The snapshot the API hooks attached; absent only if a route was registered outside them. */
export function snapshotOf(request: FastifyRequest): IndexSnapshot {
  if (!request.snapshot) throw new ApiError('not_ready', 'the search index is loading; try again shortly');
  return request.snapshot;
}

export function selectedResolvers(index: SearchReader): SelectedResolvers {
  return {
    location: (value) => index.resolveLocation(value)?.slug ?? null,
    company: (value) => index.resolveCompany(value),
  };
}

/** `limit` of the autocompletes: default when absent, capped (not rejected) when larger. */
export function suggestLimit(limit: number | undefined): number {
  return Math.min(limit ?? DEFAULT_SUGGEST_LIMIT, MAX_SUGGEST_LIMIT);
}
