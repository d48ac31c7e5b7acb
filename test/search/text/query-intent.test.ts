import { describe, expect, it } from 'vitest';
import { interpretQuery, splitCamelCase, STOP_WORDS } from '../../../src/search/text/query-intent.js';
import { roleTypoKeys, withEquivalents } from '../../../src/search/text/role-map.js';

/** A gazetteer of a few places, as the index resolves them (folded text -> location value). */
const PLACES: Record<string, string> = {
  berlin: 'berlin',
  barcelona: 'barcelona',
  wien: 'wien',
  madrid: 'madrid',
  potsdam: 'potsdam',
  bern: 'bern',
  'san sebastian': 'san-sebastián',
};
const resolve = (folded: string): string | null => PLACES[folded] ?? null;
const read = (q: string) => interpretQuery(q, resolve);

describe('stop words are never required', () => {
  it.each([
    ['especialista de SEO', 'especialista SEO', ['de']],
    ['Head of SEO', 'Head SEO', ['of']],
    ['Jobs als Koch', 'Koch', ['Jobs', 'als']],
    ['director de comunicación', 'director comunicación', ['de']],
    ['trabajo de cocinero', 'cocinero', ['trabajo', 'de']],
    ['the SEO manager', 'SEO manager', ['the']],
  ])('%s -> %s', (q, keywords, ignored) => {
    expect(read(q)).toMatchObject({ keywords, ignored });
  });

  it('keeps a query of stop words only as it is (nothing else to search)', () => {
    expect(read('de la')).toMatchObject({ keywords: 'de la', ignored: [] });
  });

  it('lists function words of German, Spanish and English', () => {
    for (const w of ['der', 'und', 'für', 'de', 'la', 'y', 'of', 'the', 'and'])
      expect(STOP_WORDS.has(w.replace('ü', 'u'))).toBe(true);
  });
});

describe('places in the keyword box', () => {
  it.each([
    ['SEO Berlin', 'SEO', 'Berlin', 'berlin'],
    ['Marketing Barcelona', 'Marketing', 'Barcelona', 'barcelona'],
    ['Jobs in Wien', '', 'Wien', 'wien'],
    ['Marketing Vienna', 'Marketing', 'Vienna', 'wien'],
    ['Cologne', '', 'Cologne', 'köln'],
    ['Entwickler Munich', 'Entwickler', 'Munich', 'münchen'],
    ['Geneva', '', 'Geneva', 'genève'],
    ['Genf', '', 'Genf', 'genève'],
    ['jobs Zurich', '', 'Zurich', 'zürich'],
    ['Seville cocinero', 'cocinero', 'Seville', 'sevilla'],
    ['cocinero San Sebastián', 'cocinero', 'San Sebastián', 'san-sebastián'],
  ])('%s -> keywords %j, place %s', (q, keywords, text, value) => {
    expect(read(q)).toMatchObject({ keywords, place: { text, value } });
  });

  it('takes one place; a second stays a keyword', () => {
    expect(read('Berlin Madrid')).toMatchObject({ keywords: 'Madrid', place: { value: 'berlin' } });
  });

  it('leaves a place alone when the request sets the location itself', () => {
    expect(interpretQuery('SEO Berlin', resolve, new Set(['location']))).toMatchObject({
      keywords: 'SEO Berlin',
      place: null,
    });
  });
});

describe('qualifiers act on their facets', () => {
  it.each([
    ['Werkstudent SEO', 'SEO', 'seniority', 'working-student'],
    ['Werkstudentin Online Marketing', 'Online Marketing', 'seniority', 'working-student'],
    ['Werkstudierende', '', 'seniority', 'working-student'],
    ['working student developer', 'developer', 'seniority', 'working-student'],
    ['Praktikum Marketing', 'Marketing', 'seniority', 'intern'],
    ['prácticas marketing', 'marketing', 'seniority', 'intern'],
    ['Junior SEO', 'SEO', 'seniority', 'junior'],
    ['Senior SEO', 'SEO', 'seniority', 'senior'],
    ['Buchhaltung Teilzeit', 'Buchhaltung', 'employmentType', 'part-time'],
    ['media jornada camarero', 'camarero', 'employmentType', 'part-time'],
    ['part-time accountant', 'accountant', 'employmentType', 'part-time'],
    ['Vollzeit Elektriker', 'Elektriker', 'employmentType', 'full-time'],
    ['Lehrstelle Koch', 'Koch', 'employmentType', 'apprenticeship'],
    ['Ausbildung Elektroniker', 'Elektroniker', 'employmentType', 'apprenticeship'],
    ['SEO remote', 'SEO', 'workModel', 'remote'],
    ['teletrabajo desarrollador', 'desarrollador', 'workModel', 'remote'],
    ['Home Office Buchhalter', 'Buchhalter', 'workModel', 'remote'],
    ['hybrid Marketing', 'Marketing', 'workModel', 'hybrid'],
  ])('%s -> keywords %j, %s=%s', (q, keywords, field, value) => {
    const intent = read(q);
    expect(intent.keywords).toBe(keywords);
    expect(intent.qualifiers).toEqual([expect.objectContaining({ field, value })]);
  });

  it('keeps a qualifier as a keyword when the request sets its facet', () => {
    expect(interpretQuery('SEO remote', resolve, new Set(['workModel']))).toMatchObject({
      keywords: 'SEO remote',
      qualifiers: [],
    });
  });

  it('applies one value per facet: a second value of the same facet stays a keyword', () => {
    const intent = read('Teilzeit Vollzeit');
    expect(intent.qualifiers).toHaveLength(1);
    expect(intent.keywords).toBe('Vollzeit');
  });
});

describe('compounds and multi-word names', () => {
  it.each([
    ['SEOManager', 'SEO Manager'],
    ['SeoManager', 'Seo Manager'],
    ['OnlineMarketing', 'Online Marketing'],
    ['SEO', 'SEO'],
    ['Manager', 'Manager'],
  ])('splits camel case: %s -> %s', (word, split) => {
    expect(splitCamelCase(word)).toBe(split);
  });

  it.each([
    ['SEOManager', 'SEO Manager'],
    ['posicionamiento web', 'posicionamiento'],
    ['Suchmaschinen-Optimierer', 'suchmaschinenoptimierer'],
    ['Suchmaschinen Optimierung', 'suchmaschinenoptimierung'],
    ['recursos humanos', 'rrhh'],
    ['search engine optimization', 'seo'],
  ])('%s -> %s', (q, keywords) => {
    expect(read(q).keywords).toBe(keywords);
  });
});

describe('one role, every language (role map)', () => {
  it.each([
    ['analista', ['analyst', 'analytiker']],
    ['especialista', ['specialist', 'spezialist']],
    ['berater', ['consultant', 'consultor']],
    ['jefe', ['head', 'leiter', 'responsable']],
    ['posicionamiento', ['seo', 'suchmaschinenoptimierung']],
    ['enfermero', ['nurse', 'pflegefachkraft', 'krankenpfleger']],
    ['contable', ['accountant', 'buchhalter']],
    ['desarrollador', ['developer', 'entwickler']],
    ['cocinero', ['koch', 'cook']],
  ])('%s also finds %j', (key, others) => {
    expect(withEquivalents([key])).toEqual(expect.arrayContaining([key, ...others]));
  });

  it.each([
    ['berater', 'beratung'],
    ['entwickler', 'entwicklung'],
    ['leiter', 'leitung'],
  ])('keeps the agent noun %s apart from the process noun %s', (agent, process) => {
    expect(withEquivalents([agent])).not.toContain(process);
    expect(withEquivalents([process])).not.toContain(agent);
  });

  it('leaves words outside the table alone', () => {
    expect(withEquivalents(['marketing'])).toEqual(['marketing']);
  });

  it('finds the concept of a misspelt role within the typo budget, never for short words', () => {
    expect(roleTypoKeys(['suchmaschinenoptimirung'])).toEqual(expect.arrayContaining(['seo', 'posicionamiento']));
    expect(roleTypoKeys(['analist'])).toEqual(expect.arrayContaining(['analyst', 'analista']));
    expect(roleTypoKeys(['seoo'])).toEqual([]);
    expect(roleTypoKeys(['marketing'])).toEqual([]);
  });
});
