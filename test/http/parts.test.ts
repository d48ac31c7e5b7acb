/**
 * The HTTP layer's pure parts, one rule at a time: the canonical query (cache key, ETag,
 * next_url), the `selected` echo and the error catalogue's messages. Expectations written by hand
 * from the rules in the modules' comments and the contract.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, isIgnorableParam, knownParams, scalarText } from '../../src/http/canonical-query.js';
import { ApiError, errorBody, fromValidation, invalidParameter } from '../../src/http/errors.js';
import { presentSelected, type SelectedResolvers } from '../../src/http/present-selected.js';
import type { FilterQuery } from '../../src/http/schemas.js';
import { SELECTED_ORDER } from './fixture.js';

/** The parts of a Fastify request the canonical form reads: the route's schema and config, the validated query. */
function request(
  properties: string[] | null,
  query: Record<string, unknown>,
  canonical?: { defaults?: Record<string, string>; unused?: string[] },
): FastifyRequest {
  const schema =
    properties === null
      ? undefined
      : { querystring: { properties: Object.fromEntries(properties.map((p) => [p, {}])) } };
  return { routeOptions: { schema, config: { canonical } }, query } as unknown as FastifyRequest;
}

describe('canonical query', () => {
  it('ignores the cache-buster and tracking parameters, and nothing else', () => {
    for (const name of [
      '_',
      'utm_source',
      'utm_campaign',
      'utm_',
      'gclid',
      'fbclid',
      'msclkid',
      'dclid',
      'mc_cid',
      'mc_eid',
      '_ga',
      '_gl',
    ])
      expect(isIgnorableParam(name), name).toBe(true);
    for (const name of ['q', 'page', 'utm', 'xutm_source', '__', '_gac', 'gclid2', 'UTM_SOURCE', ''])
      expect(isIgnorableParam(name), name).toBe(false);
  });

  it('lists the parameters the route declares, in the schema order', () => {
    expect(knownParams(request(['q', 'page', 'sort'], {}))).toEqual(['q', 'page', 'sort']);
    expect(knownParams(request(null, {}))).toEqual([]);
  });

  it('keeps known parameters in schema order, dropping defaults, unused and unknown ones', () => {
    const spec = { defaults: { page: '1', per_page: '20' }, unused: ['sort'] };
    const known = ['q', 'location', 'page', 'per_page', 'sort'];
    expect(
      canonicalQuery(request(known, { sort: 'date', per_page: 50, page: 1, q: 'seo', extra: 'x' }, spec)).toString(),
    ).toBe('q=seo&per_page=50');
    expect(canonicalQuery(request(known, { page: 2, per_page: 20, location: 'Köln' }, spec)).toString()).toBe(
      'location=K%C3%B6ln&page=2',
    );
    // Without a canonical declaration every known parameter counts, defaults or not.
    expect(canonicalQuery(request(known, { sort: 'date', page: 1 })).toString()).toBe('page=1&sort=date');
    // Only an equal value is a default: an empty value is kept.
    expect(canonicalQuery(request(known, { q: '', page: 1 }, spec)).toString()).toBe('q=');
    expect(canonicalQuery(request(null, { q: 'seo' }, spec)).toString()).toBe('');
  });

  it('writes a validated value as text', () => {
    expect(scalarText('seo')).toBe('seo');
    expect(scalarText(25)).toBe('25');
    expect(scalarText(false)).toBe('false');
    expect(scalarText(true)).toBe('true');
    expect(scalarText(undefined)).toBe('');
    expect(scalarText(null)).toBe('');
    expect(scalarText(['a', 'b'])).toBe('["a","b"]');
  });
});

describe('selected echo', () => {
  const places: Record<string, string> = { berlin: 'berlin', köln: 'koeln', 'frankfurt am main': 'frankfurt-am-main' };
  const companies = new Set(['acme, inc.', 'globex']);
  const resolve: SelectedResolvers = {
    location: (v) => places[v.toLowerCase()] ?? null,
    company: (v) => (companies.has(v.toLowerCase()) ? v.toLowerCase() : null),
  };
  const ORDER = SELECTED_ORDER;

  it('names every key in the contract order: null where unset, a switch empty', () => {
    const out = presentSelected({}, resolve);
    expect(Object.keys(out)).toEqual(ORDER);
    expect(out).toEqual({ ...Object.fromEntries(ORDER.map((k) => [k, null])), 'seo-jobs-only': '' });
  });

  it('lower-cases, keeps as is, or resolves each value as the catalogue says', () => {
    const query = {
      salary_range: '40000-60000',
      work_model: 'Remote,HYBRID',
      seniority_level: 'Senior',
      remote_percentage_min: 50,
      skill_tag: 'SEO',
      location: 'Köln',
      company: 'GLOBEX',
      industry: 'IT',
      'seo-jobs-only': 'yes',
      company_size: 'Large',
      radius: 25,
      sort: 'salary',
      order: 'asc',
    } as unknown as FilterQuery;
    expect(presentSelected(query, resolve)).toEqual({
      salary_range: '40000-60000',
      work_model: 'remote,hybrid',
      position: null,
      seniority_level: 'senior',
      employment_type_normalized: null,
      remote_percentage_min: '50',
      skill_tag: 'seo',
      location: 'koeln',
      company: 'globex',
      industry: 'it',
      'seo-jobs-only': 'yes',
      company_size: 'Large',
      radius: '25',
      sort: 'salary',
      order: 'asc',
    });
  });

  const echo = (location: string, company: string) => {
    const out = presentSelected({ location, company }, resolve);
    return [out.location, out.company];
  };

  it('resolves several comma-separated values one by one, unknown ones lower-cased', () => {
    expect(echo('Berlin,Frankfurt am Main,Atlantis', 'Globex,Initech')).toEqual([
      'berlin,frankfurt-am-main,atlantis',
      'globex,initech',
    ]);
    // One value left after splitting: no escaping needed.
    expect(echo('Köln,', 'Globex,')).toEqual(['koeln', 'globex']);
  });

  it('keeps a company name with a comma whole when the index knows it, and escapes commas and backslashes', () => {
    expect(echo('Berlin', 'Acme, Inc.')).toEqual(['berlin', 'acme, inc.']);
    expect(echo('Berlin', 'Acme\\, Inc.,Globex')).toEqual(['berlin', 'acme\\, inc.,globex']);
    // Not known whole: two companies, the second one known.
    expect(echo('Berlin', 'Initech,GLOBEX')).toEqual(['berlin', 'initech,globex']);
    // One value left after splitting is written as it reads, its comma unescaped.
    expect(echo('Berlin', 'Acme\\, Inc.,')).toEqual(['berlin', 'acme, inc.']);
    // A backslash in one of several values is written escaped ("\\"), as splitting reads it.
    expect(echo('Back\\\\slash,Berlin', 'Globex')).toEqual(['back\\\\slash,berlin', 'globex']);
  });
  it('echoes a single value as sent (lower-cased or resolved), without reading escapes', () => {
    // No comma: the filter takes the value whole, backslashes and all, and so does the echo.
    expect(echo('Back\\\\slash', 'AC\\\\DC')).toEqual(['back\\\\slash', 'ac\\\\dc']);
  });

  it('resolves a company as a company and a lower-cased facet not at all, even when it names a place', () => {
    // "Köln" is a place (slug koeln) but no known company, and no place for an industry.
    const out = presentSelected({ company: 'Köln', industry: 'Köln', location: 'Köln' }, resolve);
    expect([out.company, out.industry, out.location]).toEqual(['köln', 'köln', 'koeln']);
  });

  it('echoes a company known whole, backslash included, as one value', () => {
    const known: SelectedResolvers = {
      location: () => null,
      company: (v) => (v.toLowerCase() === 'ac\\dc, inc.' ? 'ac\\dc, inc.' : null),
    };
    // Split into "AC\DC" and " Inc." it would come back with the backslash escaped.
    expect(presentSelected({ company: 'AC\\DC, Inc.' }, known).company).toBe('ac\\dc, inc.');
  });
});

describe('error catalogue', () => {
  const issue = (instancePath: string, keyword: string, params: Record<string, unknown>, message?: string) => ({
    instancePath,
    keyword,
    params,
    ...(message === undefined ? {} : { message }),
  });

  it('turns the first schema violation into a message naming the parameter', () => {
    const cases: [ReturnType<typeof issue>, string, string][] = [
      [issue('/sort', 'enum', { allowedValues: ['date', 'salary'] }), 'sort', 'sort: must be one of: date, salary'],
      [issue('/page', 'type', { type: 'integer' }), 'page', 'page: must be a whole number'],
      [issue('/radius', 'type', { type: 'number' }), 'radius', 'radius: must be of type number'],
      [issue('/page', 'minimum', { limit: 1 }), 'page', 'page: must be at least 1'],
      [issue('/per_page', 'maximum', { limit: 100 }), 'per_page', 'per_page: must be at most 100'],
      [issue('/q', 'maxLength', { limit: 500 }), 'q', 'q: must be at most 500 characters long'],
      [issue('/date', 'pattern', { pattern: '^\\d+$' }), 'date', 'date: has an invalid format'],
      [issue('/x', 'const', {}, 'must be equal to constant'), 'x', 'x: must be equal to constant'],
      [issue('/x', 'const', {}), 'x', 'x: is invalid'],
      [issue('', 'required', {}, "must have required property 'q'"), 'query', "query: must have required property 'q'"],
      // JSON pointer escapes: ~1 is "/", ~0 is "~".
      [issue('/a~1b~0c', 'minimum', { limit: 0 }), 'a/b~c', 'a/b~c: must be at least 0'],
    ];
    for (const [first, param, message] of cases) {
      const error = fromValidation([first, issue('/other', 'type', { type: 'integer' })]);
      expect([error.code, error.statusCode, error.param, error.message]).toEqual([
        'invalid_parameter',
        400,
        param,
        message,
      ]);
    }
  });

  it('names no parameter when there is no violation to name', () => {
    const error = fromValidation([]);
    expect([error.code, error.param, error.message]).toEqual(['invalid_parameter', undefined, 'invalid request']);
  });

  it('gives each code its status and writes the error body', () => {
    expect(new ApiError('not_found', 'no such job').statusCode).toBe(404);
    expect(new ApiError('too_many_connections', 'busy').statusCode).toBe(503);
    expect(new ApiError('internal', 'boom').name).toBe('ApiError');
    expect(errorBody(invalidParameter('page', 'must be at least 1'), 3)).toEqual({
      success: false,
      error: { code: 'invalid_parameter', message: 'page: must be at least 1', param: 'page' },
      duration_ms: 3,
    });
    const body = errorBody(new ApiError('not_found', 'no such job'), 0);
    expect(body).toEqual({ success: false, error: { code: 'not_found', message: 'no such job' }, duration_ms: 0 });
    expect('param' in body.error).toBe(false);
  });
});
