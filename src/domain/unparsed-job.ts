import type { Job } from './job.js';

/**
 * A posting as the store's change feed hands it to the index (JobStore.changesAfter): what
 * applying a change needs at once — its key, board id and end of validity, from the store's
 * columns — beside the stored JSON, parsed only when the posting is indexed.
 *
 * Why not the parsed Job: a catch-up reads every change before it applies any (an import is
 * visible whole or not at all), and a delta segment keeps its postings for the merges of small
 * segments. Ten thousand parsed postings are some 40 MB of small objects that the index worker's
 * young-generation collections copied, 4–7 ms a collection every few tens of milliseconds while a
 * catch-up ran beside the requests (docs/live-data-log.md, "A catch-up's postings held unparsed").
 * Their JSON bytes are one object each (SQLite's are outside the JavaScript heap altogether), and
 * the Job parsed from them when a slice of the build indexes it dies young.
 */
export class UnparsedJob {
  constructor(
    readonly key: string,
    readonly boardId: string,
    readonly validThrough: number | null,
    /** The stored document: UTF-8 bytes (SQLite) or text (PostgreSQL). */
    private readonly doc: Uint8Array | string,
  ) {}

  /** The Job stored, parsed anew on every call (nothing is kept). */
  job(): Job {
    const doc = this.doc;
    return JSON.parse(typeof doc === 'string' ? doc : DECODER.decode(doc)) as Job;
  }
}

/** A posting to index: parsed, or as stored (UnparsedJob). */
export type Posting = Job | UnparsedJob;

/** The Job of a posting, parsing a stored one. */
export function jobOf(posting: Posting): Job {
  return posting instanceof UnparsedJob ? posting.job() : posting;
}

const DECODER = new TextDecoder();
