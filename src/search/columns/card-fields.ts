import type { CardText, Company, IndexedJob, Job, JobPlace, ListedJob, Named } from '../../domain/job.js';

/**
 * The fields of a serialised card (card-store.ts), declared once: each with its name and how it is
 * written. A card is the JSON array of its fields' stored values in this order: the card store
 * encodes and decodes cards by this table, a merge of stores (merge.ts) moves the bytes it wrote
 * with the shared tables they number into, and a saved index holds them (the file's format is a
 * hash of the engine's code, index-file.ts, so a changed table refuses the files written before).
 * What queries read of every card — key, board id, posted and expiry dates — is not here: those
 * are plain columns of the store. Adding a field is one line below, in any position.
 */
export const CARD_FIELDS = [
  shared('source', 'sources'),
  text('title'),
  shared('company', 'companies'),
  asIs('industry'),
  shared('position', 'named'),
  asIs('seniority'),
  asIs('employmentType'),
  asIs('workModel'),
  asIs('remotePercentage'),
  sharedList('skills', 'named'),
  flag('isSeo'),
  text('language'),
  sharedList('places', 'places'),
  asIs('salary'),
  asIs('estimatedSalary'),
  text('summary'),
  text('seoContext'),
  text('salaryContext'),
  text('remoteContext'),
  absentWhenEmpty('remoteEligibility'),
] as const;

/** The fields a card store keeps in columns instead (CardStore.keys, boardIds, postedAt, validThrough). */
export type CardColumnField = 'key' | 'boardId' | 'postedAt' | 'validThrough';

/** Values shared by all the cards of a store, each kept once and written as its number here. */
export interface SharedTables {
  readonly sources: readonly string[];
  readonly companies: readonly Company[];
  readonly named: readonly Named[];
  readonly places: readonly JobPlace[];
}

type SharedValue = SharedTables[keyof SharedTables][number];

/** The number of a shared value in its table (the builder's interner adds it when new). */
export interface SharedIds {
  idOf<T extends keyof SharedTables>(table: T, value: SharedTables[T][number]): number;
}

/** How a field is written: the names the tests give edge values by. */
export type CardFieldKind = 'text' | 'as is' | 'flag' | 'shared' | 'shared list' | 'absent when empty';

/** One field of a serialised card. */
export interface CardField<K extends keyof ListedJob = keyof ListedJob> {
  readonly name: K;
  readonly kind: CardFieldKind;
  /** Shared kinds: the table their values are numbered in. */
  readonly table?: keyof SharedTables;
  /**
   * Its stored value (JSON), from the job as given and its light form (shared values already made
   * one object, card-store.ts's Interner); undefined: absent.
   */
  readonly encode: (job: Job | ListedJob, light: IndexedJob, ids: SharedIds) => unknown;
  /** The value back from what was stored (undefined for an absent trailing one). */
  readonly decode: (stored: unknown, tables: SharedTables) => ListedJob[K];
}

/** A string written as it is. */
function text<K extends keyof ListedJob>(name: K): CardField<K> {
  return { name, kind: 'text', encode: (job) => job[name], decode: (stored) => stored as ListedJob[K] };
}

/** A value JSON keeps as it is: a number, a string or an object of them, or null. */
function asIs<K extends keyof ListedJob>(name: K): CardField<K> {
  return { name, kind: 'as is', encode: (job) => job[name], decode: (stored) => stored as ListedJob[K] };
}

/** A boolean, written 1 or 0. */
function flag<K extends keyof ListedJob>(name: K): CardField<K> {
  return {
    name,
    kind: 'flag',
    encode: (job) => (job[name] === true ? 1 : 0),
    decode: (stored) => (stored === 1) as ListedJob[K],
  };
}

/** A value of a shared table, written as its number there. */
function shared<K extends keyof IndexedJob>(name: K, table: keyof SharedTables): CardField<K> {
  return {
    name,
    kind: 'shared',
    table,
    encode: (_job, light, ids) => ids.idOf(table, light[name] as SharedValue),
    decode: (stored, tables) => tables[table][stored as number] as ListedJob[K],
  };
}

/** A list of values of a shared table, written as their numbers there. */
function sharedList<K extends keyof IndexedJob>(name: K, table: keyof SharedTables): CardField<K> {
  return {
    name,
    kind: 'shared list',
    table,
    encode: (_job, light, ids) => (light[name] as unknown as SharedValue[]).map((v) => ids.idOf(table, v)),
    decode: (stored, tables) => (stored as number[]).map((id) => tables[table][id]!) as ListedJob[K],
  };
}

/**
 * A list written as it is, absent when empty or missing, and read back as undefined (absent values
 * at the end of a card are left out of its bytes, those before a present one are written null).
 */
function absentWhenEmpty<K extends keyof ListedJob>(name: K): CardField<K> {
  return {
    name,
    kind: 'absent when empty',
    encode: (job) => {
      const list = job[name] as readonly unknown[] | undefined;
      return list !== undefined && list.length > 0 ? list : undefined;
    },
    decode: (stored) => (stored ?? undefined) as ListedJob[K],
  };
}

/** How a card's stored values are made from a job (encodeCard). */
export type CardEncoder = (job: Job | ListedJob, light: IndexedJob, ids: SharedIds) => unknown[];

/**
 * A card's stored values (the parsed JSON array), in the order of CARD_FIELDS, each field's
 * `encode` called in a loop (the reference for the compiled encoder in the tests).
 */
export function encodeCardPlainly(job: Job | ListedJob, light: IndexedJob, ids: SharedIds): unknown[] {
  const stored: unknown[] = [];
  for (const field of CARD_FIELDS) stored.push(field.encode(job, light, ids));
  while (stored.length > 0 && stored[stored.length - 1] === undefined) stored.pop();
  return stored;
}

/**
 * The encoder of CARD_FIELDS written out as one array literal of the fields' own `encode` calls,
 * as the decoder is (compiledDecoder): a build encodes every card, and the loop over the table
 * calls twenty different functions from one place.
 */
function compiledEncoder(fields: readonly CardField[]): CardEncoder {
  const values = fields.map((_, i) => `e${i}(job, light, ids)`);
  const body = `return (job, light, ids) => {
    const stored = [${values.join(', ')}];
    while (stored.length > 0 && stored[stored.length - 1] === undefined) stored.pop();
    return stored;
  };`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the field table only (above)
  const make = new Function(...fields.map((_, i) => `e${i}`), body) as (
    ...encoders: CardField['encode'][]
  ) => CardEncoder;
  return make(...fields.map((f) => f.encode));
}

/**
 * A card's stored values (the parsed JSON array), in the order of CARD_FIELDS.
 * @example JSON.stringify(encodeCard(job, light, interner)) // '[0,"SEO Manager",3,...]'
 */
export const encodeCard: CardEncoder = compiledEncoder(CARD_FIELDS);

/** The card of stored values and of its store's columns. */
export type CardDecoder = (
  stored: readonly unknown[],
  tables: SharedTables,
  key: string,
  boardId: string,
  postedAt: number | null,
  validThrough: number | null,
) => ListedJob;

/**
 * The decoder of CARD_FIELDS, written out as one object literal (key, board id, the table's fields
 * in order, the dates) that calls each field's own `decode`: every card then has one shape, built
 * as fast as a hand-written literal. A loop assigning the fields by name made a card's object about
 * 25 times slower to build (a keyed store by a changing name goes through V8's runtime). The source
 * holds only the table's names (as JSON strings) and positions, never data.
 */
function compiledDecoder(fields: readonly CardField[]): CardDecoder {
  const values = fields.map((f, i) => `${JSON.stringify(f.name)}: d${i}(stored[${i}], tables)`);
  const body = `return (stored, tables, key, boardId, postedAt, validThrough) => ({ key, boardId, ${values.join(', ')}, postedAt, validThrough });`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the field table only (above)
  const make = new Function(...fields.map((_, i) => `d${i}`), body) as (
    ...decoders: CardField['decode'][]
  ) => CardDecoder;
  return make(...fields.map((f) => f.decode));
}

export const decodeCard: CardDecoder = compiledDecoder(CARD_FIELDS);

/** The texts only a card shows (IndexedJob leaves them out). */
const CARD_TEXTS: readonly string[] = ['summary', 'seoContext', 'salaryContext', 'remoteContext'] satisfies CardText[];

/**
 * How many fields a card's head holds: those before its first text, what the index's structures
 * read (CardStore.indexedJob decodes only them; a field after the texts is not read there).
 */
export const HEAD_FIELDS = CARD_FIELDS.findIndex((f) => CARD_TEXTS.includes(f.name));

/** A card's head (its first HEAD_FIELDS stored values) decoded, with its store's columns. */
export const decodeCardHead = compiledDecoder(CARD_FIELDS.slice(0, HEAD_FIELDS)) as unknown as (
  ...args: Parameters<CardDecoder>
) => IndexedJob;

/**
 * The same card as `decodeCard`, its fields assigned in a loop (the reference for the compiled
 * decoder in the tests).
 */
export function decodeCardPlainly(
  ...[stored, tables, key, boardId, postedAt, validThrough]: Parameters<CardDecoder>
): ListedJob {
  const card: Record<string, unknown> = { key, boardId };
  for (let f = 0; f < CARD_FIELDS.length; f++) card[CARD_FIELDS[f]!.name] = CARD_FIELDS[f]!.decode(stored[f], tables);
  card.postedAt = postedAt;
  card.validThrough = validThrough;
  return card as unknown as ListedJob;
}

/**
 * Every field of a listed job is in the table or a column (but `detail`, which only the one-posting
 * view shows, read from the store): a field added to ListedJob fails to compile here until it is.
 */
type Unlisted = Exclude<keyof ListedJob, (typeof CARD_FIELDS)[number]['name'] | CardColumnField | 'detail'>;
type NoneLeft<T extends never> = T;
export type EveryListedFieldKept = NoneLeft<Unlisted>;
