/**
 * The card field table, field by field: every field of CARD_FIELDS (and the store's columns) given
 * values at the edges of its kind — null, empty, unicode, JSON's special characters, large numbers —
 * comes back from the card store as it went in, in memory, through a graph file (the cards in
 * memory or left in the file, as a saved index reads them) and through a saved index. A field
 * added to the table is covered by its kind's row here.
 */
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Company, Job, JobPlace, ListedJob, Named } from '../../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { readGraph, writeGraph } from '../../../src/lib/graph-file.js';
import {
  CARD_FIELDS,
  decodeCard,
  decodeCardPlainly,
  encodeCardPlainly,
  encodeCard,
  type CardColumnField,
  type CardField,
  type CardFieldKind,
  type SharedIds,
  type SharedTables,
} from '../../../src/search/columns/card-fields.js';
import { CardStore, CardStoreBuilder } from '../../../src/search/columns/card-store.js';
import { loadIndex, saveIndex } from '../../../src/search/index-file.js';
import { SearchIndex } from '../../../src/search/segments/search-index.js';
import { job } from '../../builders.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const UNICODE = 'Grüße aus Köln – 東京 😀 "quoted" \\ back\u2028line\n\ttab \u0000';
const LONG = 'Ä€😀 '.repeat(3_000);
const BIG = Number.MAX_SAFE_INTEGER;

const named = (s: string): Named => ({ slug: s.toLowerCase(), name: s });
const companies: Company[] = [
  { name: '', domain: null, website: null, logoUrl: null, size: null },
  { name: UNICODE, domain: 'ümlaut.de', website: 'https://ümlaut.de/😀', logoUrl: 'https://x/l.png', size: '5001+' },
];
const places: JobPlace[] = [
  { city: null, region: null, country: null, countryCode: null, lat: null, lon: null },
  { city: named('Zürich 😀'), region: named(''), country: named('Schweiz'), countryCode: 'CH', lat: -90, lon: 180 },
  { city: named('Tiny'), region: null, country: null, countryCode: '', lat: 5e-324, lon: -1.7976931348623157e308 },
];
const names: Named[] = [named(''), named(UNICODE), { slug: 'a', name: 'A' }];

/** Values at the edges of each kind of field (shared kinds: of each table). */
const SHARED_EDGES: Record<keyof SharedTables, unknown[]> = {
  sources: ['', UNICODE],
  companies,
  named: names,
  places,
};
const EDGES: Record<Exclude<CardFieldKind, 'shared' | 'shared list'>, unknown[]> = {
  text: ['', UNICODE, LONG],
  'as is': [
    null,
    '',
    UNICODE,
    0,
    BIG,
    -BIG,
    1.7976931348623157e308,
    5e-324,
    0.1 + 0.2,
    { min: 0, max: BIG, stated: { min: null, max: BIG, currency: 'CHF', period: 'HOUR', paymentsPerYear: 14 } },
    { min: 1, max: 2, basis: { step: UNICODE, sample: 5 } },
  ],
  flag: [true, false],
  'absent when empty': [undefined, [], ['DE'], ['EU', '150', '001', UNICODE]],
};
const COLUMN_EDGES: Record<CardColumnField, unknown[]> = {
  key: ['', UNICODE, LONG],
  boardId: ['0', '99999999999999999999999'],
  postedAt: [null, 0, BIG, -BIG],
  validThrough: [null, NOW, BIG],
};

function edgesOf(field: CardField): unknown[] {
  if (field.kind === 'shared') return SHARED_EDGES[field.table!];
  if (field.kind === 'shared list') {
    const values = SHARED_EDGES[field.table!];
    return [[], [values[0]], values, [values[1], values[0], values[1]]];
  }
  return EDGES[field.kind];
}

interface Row {
  field: string;
  value: unknown;
  job: Job;
}

const rows: Row[] = [
  ...CARD_FIELDS.flatMap((field) =>
    edgesOf(field).map((value) => ({ field: field.name, value, job: job({ [field.name]: value }) })),
  ),
  ...Object.entries(COLUMN_EDGES).flatMap(([field, values]) =>
    values.map((value) => ({ field, value, job: job({ [field]: value }) })),
  ),
];

/** The card a job should read back as: without its indexed text, url and detail; an empty list undefined. */
function expected(j: Job): ListedJob {
  const { searchText: _text, url: _url, detail: _detail, ...card } = j;
  for (const f of CARD_FIELDS) {
    if (f.kind !== 'absent when empty') continue;
    const list = card[f.name] as unknown[] | undefined;
    // The card has the field either way (undefined: the posting says nothing).
    (card as Record<string, unknown>)[f.name] = list?.length === 0 ? undefined : list;
  }
  return card;
}

/** Each row's card from `store`, by the row's key. */
function expectEveryRow(store: CardStore, label: string): void {
  const doc = new Map(store.keys.map((key, d) => [key, d]));
  for (const row of rows) {
    const d = doc.get(row.job.key);
    expect(d, `${label}: ${row.field} = ${JSON.stringify(row.value)}`).toBeDefined();
    const card = store.get(d!);
    const want = expected(row.job);
    expect(card, `${label}: ${row.field} = ${JSON.stringify(row.value)}`).toStrictEqual(want);
    // The property order of the card is the table's, between the columns.
    expect(Object.keys(card)).toEqual([
      'key',
      'boardId',
      ...CARD_FIELDS.map((f) => f.name),
      'postedAt',
      'validThrough',
    ]);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'card-fields-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the card field table', () => {
  it('names each field once, with a kind the tests give edge values for', () => {
    const fields = CARD_FIELDS.map((f) => f.name);
    expect(new Set(fields).size).toBe(fields.length);
    for (const f of CARD_FIELDS) expect(edgesOf(f).length).toBeGreaterThan(1);
  });

  it('gives back every field at the edges of its kind through the card store, one chunk or a chunk a card', () => {
    for (const chunkBytes of [1, 4 << 20]) {
      const builder = new CardStoreBuilder(chunkBytes);
      for (const row of rows) builder.add(row.job);
      // In reverse: document d is not the d-th added.
      const store = builder.finish(Uint32Array.from(rows.keys()).reverse());
      expectEveryRow(store, `chunks of ${chunkBytes}`);
    }
  });

  it('encodes with the compiled encoder exactly as the plain one does', () => {
    const builder = new CardStoreBuilder();
    const { ids } = sharedIds();
    for (const row of rows) {
      const light = builder.add(row.job);
      const plain = encodeCardPlainly(row.job, light, ids);
      expect(encodeCard(row.job, light, ids)).toStrictEqual(plain);
      expect(JSON.stringify(encodeCard(row.job, light, ids))).toBe(JSON.stringify(plain));
    }
  });

  it('decodes with the compiled decoder exactly as the plain one does', () => {
    const builder = new CardStoreBuilder();
    const { ids, tables } = sharedIds();
    for (const row of rows) {
      const light = builder.add(row.job);
      // The stored values as the bytes give them back.
      const stored = JSON.parse(JSON.stringify(encodeCard(row.job, light, ids))) as unknown[];
      const args = [stored, tables, row.job.key, row.job.boardId, row.job.postedAt, row.job.validThrough] as const;
      expect(decodeCard(...args)).toStrictEqual(decodeCardPlainly(...args));
      expect(decodeCard(...args)).toStrictEqual(expected(row.job));
    }
  });

  it('gives back every field through a graph file, the cards in memory or left in the file', () => {
    const builder = new CardStoreBuilder(64 << 10);
    for (const row of rows) builder.add(row.job);
    const store = builder.finish(Uint32Array.from(rows.keys()));
    const path = join(dir, 'cards.bin');
    writeGraph(path, { store }, { v: 1 }, { CardStore });
    for (const onDisk of [false, true]) {
      const read = readGraph<{ v: number }>(path, { CardStore }, () => true, {
        onDisk: (type) => onDisk && type === 'Buffer',
      })!;
      expectEveryRow((read.root as { store: CardStore }).store, onDisk ? 'left in the file' : 'read into memory');
      if (read.fd !== null) closeSync(read.fd);
    }
  });

  it('gives back the fields of a saved index', () => {
    // The index's own columns read its fields by meaning (a language, a seniority): the values
    // of every kind but those kept as they are, and null for those.
    const kept = rows.filter((r) => kindOf(r.field) !== 'as is' || r.value === null);
    const index = SearchIndex.build(
      kept.map((r) => r.job),
      { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW },
    );
    const path = join(dir, 'saved.index');
    saveIndex(path, index, { format: 'f', storeId: 's', cursor: 1, builtAt: NOW, documents: kept.length });
    for (const cardsOnDisk of [false, true]) {
      const loaded = loadIndex(path, () => true, { cardsOnDisk })!;
      const store = loaded.index.leaves[0]!.segment.engine.cards;
      for (const row of kept) {
        const d = store.keys.indexOf(row.job.key);
        expect(store.get(d), `${row.field} = ${JSON.stringify(row.value)}`).toStrictEqual(expected(row.job));
      }
      if (loaded.fd !== null) closeSync(loaded.fd);
    }
  });
});

function kindOf(name: string): CardFieldKind | 'column' {
  return CARD_FIELDS.find((f) => f.name === name)?.kind ?? 'column';
}

/** Shared tables numbering each value on its first sight, by identity (as the builder's interner does). */
function sharedIds(): { ids: SharedIds; tables: SharedTables } {
  const tables = { sources: [], companies: [], named: [], places: [] };
  const ids: SharedIds = {
    idOf: (table, value) => {
      const values = tables[table] as unknown[];
      const id = values.indexOf(value);
      return id >= 0 ? id : values.push(value) - 1;
    },
  };
  return { ids, tables };
}
