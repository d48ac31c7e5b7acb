import type { Company, IndexedJob, Job, JobPlace, ListedJob, Named } from '../../domain/job.js';
import {
  decodeCard,
  decodeCardHead,
  encodeCard,
  HEAD_FIELDS,
  type CardDecoder,
  type SharedIds,
  type SharedTables,
} from './card-fields.js';
import { STEP_ITEMS, runSteps, type Steps } from '../../lib/steps.js';

/** Bytes of one chunk of serialised cards (a card longer than this gets a chunk of its own). */
const CHUNK_BYTES = 4 << 20;

/**
 * The result cards of an index, kept compactly: each card is serialised once, as the index is
 * built, into large byte chunks outside the JavaScript heap (UTF-8 JSON, its fields as the field
 * table card-fields.ts declares them: companies, places, positions, skills and source written as
 * numbers into tables shared by every card), and decoded
 * again only for the cards of a page. What queries read of every card — key, board id, posted and
 * expiry dates — stays in plain columns.
 *
 * At a million postings the cards were most of the heap: over ten objects each (the card, its
 * texts, its lists, its salary) that every major collection had to walk. Here they are a few
 * dozen buffers and five columns.
 * @example
 * const b = new CardStoreBuilder();
 * b.add(job); // its lighter IndexedJob, for the rest of the build
 * const cards = b.finish(Uint32Array.of(0));
 * cards.get(0).summary === job.summary // true
 */
/** Serialised cards: a Buffer, or the same bytes left in a saved index's file (FileBytes). */
export interface CardBytes {
  readonly length: number;
  toString(encoding: 'utf8', start: number, end: number): string;
  /** Bytes in a file: reads a slice from `start` so that the system caches it (graph-file.ts). */
  prefetch?(start: number, scratch: Buffer): number;
}

/** What one step of `prefetchSteps` reads: a fraction of a millisecond from the page cache or a disk. */
const PREFETCH_SLICE = 256 * 1024;

export class CardStore {
  private constructor(
    readonly length: number,
    /** Board id and key per document: the tie-break of every order, and the identity of a posting. */
    readonly boardIds: readonly string[],
    readonly keys: readonly string[],
    /** Epoch ms per document, NaN where the posting has no date / never expires. */
    readonly postedAt: Float64Array,
    readonly validThrough: Float64Array,
    /** In memory, or (an index read from its saved file) in the file, read by position (graph-file.ts). */
    private readonly chunks: readonly CardBytes[],
    /** Per document: its chunk, where its bytes start in it, and how many they are. */
    private readonly chunkOf: Uint32Array,
    private readonly startOf: Uint32Array,
    private readonly lengthOf: Uint32Array,
    private readonly tables: SharedTables,
    /** Per chunk, the tables its cards number into (a store merged from several); null: `tables` for all. */
    private readonly chunkTables: readonly SharedTables[] | null = null,
  ) {}

  /**
   * Cards left in a saved index's file are read by position, 20 small reads a page; those not in
   * the system's page cache (after a restart, or dropped as cold) cost a disk read each. These steps
   * read every chunk once, a slice per step, so that the pages are cached before the queries ask;
   * nothing for cards in memory.
   */
  *prefetchSteps(): Generator<void, void, void> {
    const scratch = Buffer.allocUnsafeSlow(PREFETCH_SLICE);
    for (const chunk of this.chunks) {
      if (chunk.prefetch === undefined) continue;
      for (let at = 0; at < chunk.length;) {
        at = chunk.prefetch(at, scratch);
        yield;
      }
    }
  }

  /** The card of document d, decoded (a new object on every call; its shared parts are shared). */
  get(d: number): ListedJob {
    const chunk = this.chunks[this.chunkOf[d]!]!;
    const start = this.startOf[d]!;
    const stored = JSON.parse(chunk.toString('utf8', start, start + this.lengthOf[d]!)) as unknown[];
    return this.decodeWith(d, stored, decodeCard);
  }

  /**
   * What the index's structures read of document d (segments/merge.ts): its card's head, the
   * fields before its texts (card-fields.ts, HEAD_FIELDS), decoded without the texts; HEAD_BYTES
   * are read first, the whole card when they fall short.
   */
  indexedJob(d: number): IndexedJob {
    const chunk = this.chunks[this.chunkOf[d]!]!;
    const start = this.startOf[d]!;
    const length = this.lengthOf[d]!;
    let text = chunk.toString('utf8', start, start + Math.min(length, HEAD_BYTES));
    let cut = headEnd(text);
    if (cut < 0) {
      text = chunk.toString('utf8', start, start + length);
      cut = headEnd(text);
      if (cut < 0) throw new Error(`card ${d} has no texts`);
    }
    const stored = JSON.parse(`${text.slice(0, cut)}]`) as unknown[];
    return this.decodeWith(d, stored, decodeCardHead);
  }

  /** Document d's stored array decoded with its chunk's tables and the store's own columns. */
  private decodeWith<T>(d: number, stored: unknown[], decode: (...args: Parameters<CardDecoder>) => T): T {
    const tables = this.chunkTables === null ? this.tables : this.chunkTables[this.chunkOf[d]!]!;
    const posted = this.postedAt[d]!;
    const valid = this.validThrough[d]!;
    return decode(
      stored,
      tables,
      this.keys[d]!,
      this.boardIds[d]!,
      Number.isNaN(posted) ? null : posted,
      Number.isNaN(valid) ? null : valid,
    );
  }

  /** The date a document was posted (epoch ms), null when it has none. */
  postedOf(d: number): number | null {
    const posted = this.postedAt[d]!;
    return Number.isNaN(posted) ? null : posted;
  }

  /** Bytes held outside the heap by the serialised cards. */
  get bytes(): number {
    let total = 0;
    for (const c of this.chunks) total += c.length;
    return total;
  }

  /**
   * The store of the cards of several stores, in steps (steps.ts): document d is document `doc[d]`
   * of `stores[from[d]]`. No card is decoded or copied: the chunks are the stores' own (each read
   * with its own store's tables), except that chunks held in memory move to `spill` when given.
   */
  static *mergedSteps(
    stores: readonly CardStore[],
    from: Uint8Array,
    doc: Uint32Array,
    spill: CardSpill | null,
  ): Steps<CardStore> {
    const chunks: CardBytes[] = [];
    const chunkTables: SharedTables[] = [];
    const chunkBase: number[] = [];
    for (const store of stores) {
      chunkBase.push(chunks.length);
      store.chunks.forEach((chunk, i) => {
        chunks.push(spill !== null && Buffer.isBuffer(chunk) ? spill.add(chunk) : chunk);
        chunkTables.push(store.chunkTables?.[i] ?? store.tables);
      });
    }
    yield;
    const n = from.length;
    const { boardIds, keys, postedAt, validThrough, chunkOf, startOf, lengthOf } = cardColumns(n);
    for (let d = 0; d < n; d++) {
      const s = stores[from[d]!]!;
      const old = doc[d]!;
      boardIds[d] = s.boardIds[old]!;
      keys[d] = s.keys[old]!;
      postedAt[d] = s.postedAt[old]!;
      validThrough[d] = s.validThrough[old]!;
      chunkOf[d] = chunkBase[from[d]!]! + s.chunkOf[old]!;
      startOf[d] = s.startOf[old]!;
      lengthOf[d] = s.lengthOf[old]!;
      if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
    }
    const tables = chunkTables[0] ?? { sources: [], companies: [], named: [], places: [] };
    return new CardStore(
      n,
      boardIds,
      keys,
      postedAt,
      validThrough,
      chunks,
      chunkOf,
      startOf,
      lengthOf,
      tables,
      chunkTables,
    );
  }

  /** @internal The store of the builder's cards in the order given (see CardStoreBuilder.finish). */
  static of(
    b: { cards: readonly BuiltCard[]; chunks: readonly CardBytes[]; tables: SharedTables },
    order: Uint32Array,
  ): CardStore {
    return runSteps(CardStore.ofSteps(b, order));
  }

  /** `of` in steps (steps.ts), STEP_ITEMS documents a step: a catch-up's delta made it in one piece of 2-5 ms. */
  static *ofSteps(
    b: { cards: readonly BuiltCard[]; chunks: readonly CardBytes[]; tables: SharedTables },
    order: Uint32Array,
  ): Steps<CardStore> {
    const n = order.length;
    const { boardIds, keys, postedAt, validThrough, chunkOf, startOf, lengthOf } = cardColumns(n);
    for (let d = 0; d < n; d++) {
      const c = b.cards[order[d]!]!;
      boardIds[d] = c.job.boardId;
      keys[d] = c.job.key;
      postedAt[d] = c.job.postedAt ?? Number.NaN;
      validThrough[d] = c.job.validThrough ?? Number.NaN;
      chunkOf[d] = c.chunk;
      startOf[d] = c.start;
      lengthOf[d] = c.length;
      if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
    }
    return new CardStore(n, boardIds, keys, postedAt, validThrough, b.chunks, chunkOf, startOf, lengthOf, b.tables);
  }
}

/** The per-document columns of a store of n cards, every slot written by its maker. */
function cardColumns(n: number) {
  return {
    // Stryker disable next-line ArrayDeclaration: equivalent, every slot is written (a presized array saves growing it)
    boardIds: new Array<string>(n),
    // Stryker disable next-line ArrayDeclaration: equivalent (above)
    keys: new Array<string>(n),
    postedAt: new Float64Array(n),
    validThrough: new Float64Array(n),
    chunkOf: new Uint32Array(n),
    startOf: new Uint32Array(n),
    lengthOf: new Uint32Array(n),
  };
}

/**
 * Serialises cards as a store streams the jobs, sharing equal companies, places, positions and
 * skills across all of them; `add` gives back the job as the rest of the build reads it (an
 * IndexedJob: without the texts only a card shows, which are already serialised).
 */
export class CardStoreBuilder {
  private readonly interner = new Interner();
  private readonly cards: BuiltCard[] = [];
  private readonly chunks: CardBytes[] = [];
  private chunk: Buffer | null = null;
  private used = 0;
  /**
   * A spilled chunk's buffer, filled again by the next: its bytes are in the spill. So a build
   * that spills allocates one chunk, not one per 4 MiB of cards: memory allocated and dropped
   * outside the heap starts full collections of the whole heap (docs/performance.md, "The
   * builder's old generation: fewer full collections").
   */
  private spare: Buffer | null = null;

  /**
   * `chunkBytes`: the size of a chunk of serialised cards (small ones in tests, to cross chunks).
   * `spill`: where each full chunk is moved out of memory (a build that is saved to a file and then
   * served from it: the cards are copied into the file and never read in memory again).
   */
  constructor(
    private readonly chunkBytes = CHUNK_BYTES,
    private readonly spill: CardSpill | null = null,
  ) {}

  /** Cards added so far. */
  get size(): number {
    return this.cards.length;
  }

  add(job: Job | ListedJob): IndexedJob {
    const i = this.interner;
    const light: IndexedJob = {
      key: job.key,
      boardId: job.boardId,
      source: job.source,
      title: job.title,
      company: i.company(job.company),
      industry: job.industry,
      position: i.named(job.position),
      seniority: job.seniority,
      employmentType: job.employmentType,
      workModel: job.workModel,
      remotePercentage: job.remotePercentage,
      skills: job.skills.map((s) => i.named(s)),
      isSeo: job.isSeo,
      language: job.language,
      places: job.places.map((p) => i.place(p)),
      salary: job.salary,
      estimatedSalary: job.estimatedSalary,
      postedAt: job.postedAt,
      validThrough: job.validThrough,
    };
    const text = JSON.stringify(encodeCard(job, light, i));
    // A UTF-16 unit takes at most 3 bytes: a card that surely fits is written without first
    // counting its bytes (a pass over every card's text; the write says how many it wrote).
    const fits = this.chunk !== null && this.used + text.length * 3 <= this.chunk.length;
    const bytes = fits ? 0 : Buffer.byteLength(text);
    if (!fits && (this.chunk === null || this.used + bytes > this.chunk.length)) {
      this.spillLast();
      const size = Math.max(this.chunkBytes, bytes);
      const spare = this.spare;
      this.spare = null;
      this.chunk = spare !== null && spare.length === size ? spare : Buffer.allocUnsafeSlow(size);
      this.chunks.push(this.chunk);
      this.used = 0;
    }
    const start = this.used;
    const length = this.chunk!.write(text, start, 'utf8');
    this.used += length;
    this.cards.push({ job: light, chunk: this.chunks.length - 1, start, length });
    return light;
  }

  /** The store, with document d holding the card added `order[d]`-th. The builder is spent. */
  finish(order: Uint32Array): CardStore {
    return runSteps(this.finishSteps(order));
  }

  /** `finish` in steps (steps.ts). */
  *finishSteps(order: Uint32Array): Steps<CardStore> {
    // The last chunk is trimmed to what it holds (a copy, so that the unused rest is freed).
    if (this.chunk !== null && this.used < this.chunk.length)
      this.chunk = Buffer.from(this.chunk.subarray(0, this.used));
    this.spillLast();
    const tables = this.interner.tables();
    yield;
    const store = yield* CardStore.ofSteps({ cards: this.cards, chunks: this.chunks, tables }, order);
    // A million small records the rest of a build (which still holds the builder) need not carry.
    this.cards.length = 0;
    return store;
  }

  /**
   * The chunk being filled is done (it is full, or the last): it is cut to the bytes it holds (a
   * view, so a saved file never holds the unused rest) and moved to the spill when there is one.
   */
  private spillLast(): void {
    if (this.chunk === null) return;
    const held = this.chunk.subarray(0, this.used);
    if (this.spill === null) this.chunks[this.chunks.length - 1] = held;
    else {
      this.chunks[this.chunks.length - 1] = this.spill.add(held);
      this.spare = this.chunk;
    }
    this.chunk = null;
  }
}

/**
 * Where full chunks of cards go (graph-file.ts's SpillFile): bytes in, the same bytes readable
 * back. `add` copies them: the caller may fill the bytes it gave again.
 */
export interface CardSpill {
  add(bytes: Uint8Array): CardBytes;
}

/** Bytes of a card read first for its head (`indexedJob`): a card's fields before its texts mostly fit. */
const HEAD_BYTES = 512;

/** Where a card's JSON array reaches its first text (the comma before it), -1 if `text` stops short. */
export function headEnd(text: string): number {
  let commas = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // A string: to its closing quote, over escaped characters.
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    else if (c === COMMA && depth === 1 && ++commas === HEAD_FIELDS) return i;
  }
  return -1;
}

const [QUOTE, BACKSLASH, COMMA, OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = Array.from('"\\,[]{}', (c) =>
  c.charCodeAt(0),
);

interface BuiltCard {
  readonly job: IndexedJob;
  readonly chunk: number;
  readonly start: number;
  readonly length: number;
}

/** Values in a table by number, and the number of each (by identity). */
interface Table<T> {
  readonly values: T[];
  readonly ids: Map<T, number>;
}

/**
 * Shares equal values: each kind found by one field through a map, then among the few values that
 * share it (a place by its shared city, a company by its name, a name by its slug) by comparing the
 * other fields. No key strings are built (a million concatenated keys cost more than the copies
 * themselves), and one map lookup a value instead of one a field (nested maps of every field took
 * 4 % of a 1M build's thread).
 */
class Interner implements SharedIds {
  private readonly namesBySlug = new Map<string, Named[]>();
  private readonly placesByCity = new Map<Named | null, JobPlace[]>();
  private readonly companiesByName = new Map<string, Company[]>();
  private readonly shared: { readonly [T in keyof SharedTables]: Table<SharedTables[T][number]> } = {
    sources: table(),
    companies: table(),
    named: table(),
    places: table(),
  };

  /** The number of a (shared) value in its table, added when new. */
  idOf<T extends keyof SharedTables>(name: T, value: SharedTables[T][number]): number {
    const t = this.shared[name] as Table<SharedTables[T][number]>;
    let id = t.ids.get(value);
    if (id === undefined) {
      id = t.values.push(value) - 1;
      t.ids.set(value, id);
    }
    return id;
  }

  tables(): SharedTables {
    const { sources, companies, named, places } = this.shared;
    return { sources: sources.values, companies: companies.values, named: named.values, places: places.values };
  }

  named(n: Named): Named {
    const same = this.namesBySlug.get(n.slug);
    if (same === undefined) {
      this.namesBySlug.set(n.slug, [n]);
      return n;
    }
    for (const s of same) if (s.name === n.name) return s;
    same.push(n);
    return n;
  }

  place(p: JobPlace): JobPlace {
    const city = p.city === null ? null : this.named(p.city);
    const region = p.region === null ? null : this.named(p.region);
    const country = p.country === null ? null : this.named(p.country);
    let same = this.placesByCity.get(city);
    if (same === undefined) this.placesByCity.set(city, (same = []));
    for (const s of same) {
      if (
        s.region === region &&
        s.country === country &&
        s.countryCode === p.countryCode &&
        s.lat === p.lat &&
        s.lon === p.lon
      )
        return s;
    }
    const shared = { city, region, country, countryCode: p.countryCode, lat: p.lat, lon: p.lon };
    same.push(shared);
    return shared;
  }

  company(c: Company): Company {
    const same = this.companiesByName.get(c.name);
    if (same === undefined) {
      this.companiesByName.set(c.name, [c]);
      return c;
    }
    for (const s of same) {
      if (s.domain === c.domain && s.website === c.website && s.logoUrl === c.logoUrl && s.size === c.size) return s;
    }
    same.push(c);
    return c;
  }
}

function table<T>(): Table<T> {
  return { values: [], ids: new Map() };
}
