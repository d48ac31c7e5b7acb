/**
 * Every entry of the facet catalogue (src/domain/facet-catalogue.ts) reaches every place a facet
 * must: the request schema, the planner and counter, the `selected` echo, the engine's cache key
 * and the OpenAPI document. A new entry is checked here without a line of this file changing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FACETS, LIST_ORDER, type Facet } from '../../src/domain/facet-catalogue.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { SELECTED_KEYS } from '../../src/http/schemas.js';
import { toFilter } from '../../src/http/to-search-query.js';
import { filterKey } from '../../src/search/query/cache-key.js';
import { corpus, getOk, NOW, testApp } from './fixture.js';

let app: ApiInstance;
let unfiltered: Record<string, unknown>;
beforeEach(async () => {
  app = await testApp(corpus());
  unfiltered = (await getOk<{ filters: Record<string, unknown> }>(app, FILTER_DATA)).filters;
});
afterEach(async () => {
  await app.close();
});

const FILTER_DATA = '/jobs/api/job-search-filter-data';
const COUNT = '/jobs/api/job-search-results-count';

interface Option {
  value: string;
  count?: number;
  label?: string;
}

/** A value of the facet that some fixture jobs have, with their number (from the unfiltered filter data). */
function someValue(f: Facet): { value: string; count: number } {
  const list = unfiltered[f.wire.list];
  if (f.filter === 'switch') {
    const counts = list as { yes_formatted: string };
    return { value: 'yes', count: Number(counts.yes_formatted.replace(/\./g, '')) };
  }
  const options = list as Option[];
  const o = options.find((x) => x.count === undefined || x.count > 0);
  if (o === undefined) throw new Error(`the fixture has no value of ${f.id}`);
  // Capped lists carry the count in the label: `<value> (<count>)`.
  const count = o.count ?? Number(/\(([\d.]+)\)$/.exec(o.label!)![1]!.replace(/\./g, ''));
  return { value: o.value, count };
}

const url = (path: string, param: string, value: string): string =>
  `${path}?${new URLSearchParams({ [param]: value }).toString()}`;

describe.each(FACETS.map((f) => [f.id, f] as const))('the catalogue entry %s', (_, f) => {
  it('is a parameter of the request schema: a value the filter data offers is accepted', async () => {
    const { value } = someValue(f);
    const res = await app.inject(url(FILTER_DATA, f.wire.param, value));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is listed in the filter data and counted: an offered value counts the jobs the filter finds', async () => {
    const { value, count } = someValue(f);
    expect(count).toBeGreaterThan(0);
    const body = await getOk<{ total_results: number }>(app, url(COUNT, f.wire.param, value));
    expect(body.total_results).toBe(count);
  });

  it('is echoed in `selected` under its parameter', async () => {
    const { value } = someValue(f);
    const body = await getOk<{ filters: { selected: Record<string, string | null> } }>(
      app,
      url(FILTER_DATA, f.wire.param, value),
    );
    expect(body.filters.selected[f.wire.param]).toBe(value);
    expect(SELECTED_KEYS).toContain(f.wire.param);
  });

  it('is part of the engine cache key: different values give different keys', () => {
    const { value } = someValue(f);
    const other = f.filter === 'switch' ? 'no' : f.filter === 'threshold' ? '100' : 'no-such-value';
    const key = (v: string): string =>
      filterKey(toFilter({ [f.wire.param]: f.filter === 'threshold' ? Number(v) : v }, NOW));
    expect(key(value)).not.toBe(filterKey({}));
    expect(key(value)).not.toBe(key(other));
  });

  it('is documented in the OpenAPI document: its parameter with its description, its collection', async () => {
    const doc = await getOk<OpenApi>(app, '/jobs/api/openapi.json');
    const get = doc.paths[FILTER_DATA]!.get;
    const param = get.parameters.find((p) => p.name === f.wire.param);
    expect(param).toMatchObject({ in: 'query', description: f.wire.doc });
    for (const path of [COUNT, '/jobs/api/job-search-results-list']) {
      expect(doc.paths[path]!.get.parameters.map((p) => p.name)).toContain(f.wire.param);
    }
    const filters = get.responses['200'].content['application/json'].schema.properties.filters;
    expect(Object.keys(filters.properties)).toContain(f.wire.list);
    if (f.filter === 'values') expect(doc.info.description).toContain(`\`${f.wire.param}\``);
  });
});

describe('the filter data', () => {
  it('lists the collections in the catalogue list order, `selected` before the switch counts', () => {
    const lists: string[] = LIST_ORDER.map((f) => f.wire.list);
    const switchAt = LIST_ORDER.findIndex((f) => f.order.by === 'switch');
    lists.splice(switchAt, 0, 'selected');
    expect(Object.keys(unfiltered)).toEqual(lists);
  });

  it('echoes every facet parameter in `selected`, in the catalogue order, then radius, sort and order', () => {
    expect(SELECTED_KEYS).toEqual([...FACETS.map((f) => f.wire.param), 'radius', 'sort', 'order']);
  });
});

interface OpenApi {
  info: { description: string };
  paths: Record<
    string,
    {
      get: {
        parameters: { name: string; in: string; description?: string }[];
        responses: {
          '200': {
            content: {
              'application/json': { schema: { properties: { filters: { properties: Record<string, unknown> } } } };
            };
          };
        };
      };
    }
  >;
}
