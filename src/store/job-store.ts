import type { Job } from '../domain/job.js';
import type { UnparsedJob } from '../domain/unparsed-job.js';

/**
 * One entry of the change feed. `cursor` is the change cursor of the transaction that wrote the
 * key's latest state; several changes share a cursor when one transaction wrote them.
 */
export type JobChange =
  { kind: 'upsert'; cursor: number; job: Job } | { kind: 'delete'; cursor: number; key: string; boardId: string };

export interface ChangePage {
  changes: JobChange[];
  /** cursor of the last change returned (or `since`) */
  cursor: number;
  /** more changes after `cursor` exist */
  more: boolean;
}

/**
 * An entry of the change feed read by position: an upsert's posting comes as stored, parsed when
 * it is indexed (UnparsedJob).
 */
export type UnparsedChange =
  | { kind: 'upsert'; cursor: number; job: UnparsedJob }
  | { kind: 'delete'; cursor: number; key: string; boardId: string };

/**
 * A page of the change feed read by position (JobStore.changesAfter): a transaction may be split
 * across pages, so that no page is larger than its limit.
 */
export interface PositionedChangePage {
  changes: UnparsedChange[];
  /** Where the next page starts: the cursor and key of the last change returned (or the position asked for). */
  cursor: number;
  key: string | null;
  /** More changes after that position exist. */
  more: boolean;
}

/**
 * A page of the change feed as served over HTTP (JobStore.feedPage): whole postings, read by
 * position, bounded in changes and in bytes, so one large import spans several pages.
 */
export interface FeedPage {
  changes: JobChange[];
  /** Where the next page starts: the cursor and key of the last change returned (or the position asked for). */
  cursor: number;
  key: string | null;
  /** More changes after that position exist. */
  more: boolean;
}

/** An open subscription to a store's change notifications (JobStore.watch). */
export interface ChangeWatch {
  /** Whether the listening connection is up (notifications can arrive). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface WatchEvents {
  /** A write committed: its change cursor. */
  change: (cursor: number) => void;
  /** The listening connection came up (again): changes made while it was down were not notified. */
  listening?: () => void;
  /** The listening connection was lost; it is retried with backoff. */
  lost?: (error: Error) => void;
  /**
   * A store read from a hot standby: a change notified by the primary was not seen replayed on
   * the standby within the wait's bound (or the wait failed), so no `change` came for it; the
   * follower's poll takes it.
   */
  unreplayed?: (reason: string) => void;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
}

/**
 * The store could not be reached, or the connection was lost during a call: no posting's fault,
 * so an import stops rather than rejecting postings one by one. `message` is the driver's reason.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** A posting handed to an import, with where it came from (for reports). */
export interface StagedJob {
  job: Job;
  /** `line 17`, `feed.html item 2`: names the record in reports. */
  position: string;
}

/** A posting of a staged batch whose key an earlier posting of the same import already has. */
export interface RepeatedJob {
  position: string;
  /** Position of the posting that holds the key in this import (the one kept). */
  firstPosition: string;
}

export interface StageResult {
  staged: number;
  repeated: RepeatedJob[];
}

export interface PublishOptions {
  /** Epoch ms: postings whose validThrough lies before it are counted as expired on arrival. */
  now: number;
  /** The import is a full snapshot of its source: that source's postings absent from it are removed. */
  sync: boolean;
}

export interface PublishResult {
  /** Keys new to the store. */
  inserted: number;
  /** Keys stored before whose content changed. */
  updated: number;
  /** Keys stored before with exactly the same content (not written again, not announced as a change). */
  unchanged: number;
  /** Of all three, those already expired at `now`: stored, never served. */
  expired: number;
  /** With `sync`: postings of the source that the import did not contain, deleted. */
  removed: number;
  /**
   * Of the import's postings, those attached to a posting of another source after the publish
   * (stored, not served on their own; see README.md, "Duplicates across sources").
   */
  duplicates: number;
}

/** A served posting with the postings of other sources attached to it (its provenance). */
export interface JobGroup {
  /** The posting that is served. */
  job: Job;
  /** The postings attached to it, in the order they were first stored. */
  duplicates: Job[];
}

/** A stored posting with its place in a duplicate group. */
export interface StoredJob {
  job: Job;
  /** Key of the served posting it is attached to; null when it is served itself (or expired). */
  duplicateOf: string | null;
  /** Keys of the postings attached to it, in the order they were first stored. */
  duplicates: string[];
}

/**
 * The record of truth for postings. SQLite (default) and PostgreSQL implement it; one contract
 * suite runs against both. All methods are async so that both fit the same shape.
 *
 * Board ids: the store keeps a registry (key -> board_id). A posting's `boardId` is a proposal:
 * the store keeps the id it gave that key before, else the proposal when no other key holds it,
 * else an id derived from the key. Two keys never share a board id and a key never changes it.
 */
export interface JobStore {
  /** Creates or migrates the schema; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Checks without writing that the schema is exactly the one `migrate` brings it to: how a read-only
   * hot standby is opened. Throws SchemaBehindError (migrations/migration.ts) when versions are
   * missing (the primary not migrated yet, or not yet replayed here) and an error naming the
   * versions when the database was migrated by a newer release.
   */
  checkSchema(): Promise<void>;
  /**
   * Every served posting that has not expired at `now` (epoch ms), in a stable order (by key).
   * A posting attached to one of another source (a duplicate) is not served on its own. As an
   * index reads them: without their `detail` (what only the one-posting view shows; getByBoardId
   * gives it).
   */
  loadLive(now: number): Promise<Job[]>;
  /**
   * The same postings as loadLive, in chunks of at most `size` (default a few thousand), in no
   * particular order, all from one snapshot: what an index build streams, so that no array of
   * every posting ever exists. Other calls on this store wait until the last chunk was read (or
   * the caller stopped reading).
   */
  liveChunks(now: number, size?: number): AsyncGenerator<Job[]>;
  /** Inserts or replaces postings by `key`, all in one transaction, visible at once. */
  upsert(jobs: readonly Job[]): Promise<UpsertResult>;
  /** Deletes postings by key; returns how many existed. */
  delete(keys: readonly string[]): Promise<number>;
  /** The posting stored under `boardId` (expired included), or null when none is. */
  getByBoardId(boardId: string): Promise<Job | null>;
  /**
   * The group of the posting stored under `boardId` (expired included): the posting that serves
   * it (itself unless it is attached to another) with every posting attached to that one.
   */
  getGroupByBoardId?(boardId: string): Promise<JobGroup | null>;
  /** Number of postings stored (expired included). */
  count(): Promise<number>;
  /** A number that grows with every change (upsert or delete); replicas compare it to refresh. */
  changeCursor(): Promise<number>;
  /** The store's identity: drawn once when it is created, the same on every connection and replica. */
  storeId(): Promise<string>;
  /**
   * Starts an import of `source`: a staging area nothing serves. Leftovers of an earlier import of
   * the same source that never published (killed, connection lost) are discarded.
   */
  beginImport(source: string): Promise<string>;
  /** Commits one batch into the import's staging area (board ids are assigned here). */
  stage(importId: string, jobs: readonly StagedJob[]): Promise<StageResult>;
  /** Moves everything staged into the live postings in one transaction (one change cursor step). */
  publish(importId: string, options: PublishOptions): Promise<PublishResult>;
  /** Drops an import's staging area without publishing. */
  discardImport(importId: string): Promise<void>;
  /** Every stored posting (expired included), in key order, a chunk at a time. */
  scanAll(): AsyncGenerator<Job[]>;
  /** scanAll with each posting's duplicate group. */
  scanStored?(): AsyncGenerator<StoredJob[]>;
  /**
   * Changes committed after `since`, in commit order, at most `limit` (latest state per key; a
   * deletion leaves a tombstone row so a follower learns of it). A posting that is attached to one
   * of another source (a duplicate) is a `delete` of its key, at the cursor of the write that
   * attached it; one promoted to served is an `upsert` at the cursor of that write. The changes of one transaction
   * are never split across pages: a page holds more than `limit` changes when one transaction
   * wrote more. Expiry is no change: an upsert carries its `validThrough` and the follower
   * handles the due time. An upsert carries the whole posting, its `detail` included.
   * Tombstones are kept until the key is written again (see README).
   */
  changesSince(since: number, limit: number): Promise<ChangePage>;
  /**
   * The same feed, read by position, at most `limit` changes a page: the changes after
   * (`since`, `key`) in (cursor, key) order, where `key` null means "after every change of
   * cursor `since`". A transaction larger than `limit` is split across pages, so a reader
   * (the index worker) never holds one large read; it must read on to `more === false` before
   * it treats what it read as whole transactions. A posting written again while the feed is read
   * moves past the reader's position, so it is read once more in its new state, never missed.
   * Its upserts carry the posting unparsed (UnparsedJob: key, board id and validThrough from the
   * store's columns), without its `detail`: the index parses each as it indexes it.
   */
  changesAfter(since: number, key: string | null, limit: number): Promise<PositionedChangePage>;
  /**
   * The feed as served over HTTP: whole postings (their `detail` included) after the position
   * (`since`, `key`) in (cursor, key) order, as changesAfter reads it, at most `limit` changes
   * and no more postings once their stored JSON passed `maxBytes` characters (a page always holds
   * at least one change when one follows). A transaction is split across pages as needed.
   */
  feedPage(since: number, key: string | null, limit: number, maxBytes: number): Promise<FeedPage>;
  /**
   * Optional: a push of every committed write's change cursor (PostgreSQL's LISTEN/NOTIFY), so
   * that followers need not wait for their next poll. Polling stays the fallback: a notification
   * can be lost (a dropped connection). A store read from a hot standby listens on its primary and
   * reports a change once the standby has replayed it (postgres-standby.ts).
   */
  watch?(events: WatchEvents): Promise<ChangeWatch>;
  close(): Promise<void>;
}
