import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { recordToJob } from '../../src/ingest/record-to-job.js';
import { blocksText, descriptionBlocks } from '../../src/ingest/text/html-to-text.js';
import { findSkills } from '../../src/ingest/classify/skills.js';

const NOW = Date.UTC(2026, 10, 21);

function enrich(over: Record<string, unknown>): Job {
  const result = recordToJob(
    { '@type': 'JobPosting', title: 'SEO Manager', hiringOrganization: { name: 'A' }, ...over },
    { source: 'n', now: NOW },
  );
  if (!result.ok) throw new Error(result.reason);
  return result.job;
}

const address = (a: Record<string, unknown>) => ({
  jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', ...a } },
});

describe('nasty text', () => {
  it('decodes entities in titles and company names, also without ";"', () => {
    const job = enrich({
      title: 'SEO Manager f&uuml;r Suchmaschinen &#8211; Remote',
      hiringOrganization: { name: 'M&uuml;ller &amp; S&ouml;hne' },
    });
    expect(job.title).toBe('SEO Manager für Suchmaschinen – Remote');
    expect(job.company.name).toBe('Müller & Söhne');
    expect(enrich({ hiringOrganization: { name: 'A &amp B &auml;' } }).company.name).toBe('A & B ä');
  });

  it('parses HTML with CDATA, comments, attributes containing ">" and unclosed tags', () => {
    const html =
      '<div data-x="a > b"><p>Wir suchen <b title="x>y">Verstärkung</b> f&uuml;r SEO</p><!-- <p>hidden</p> --><![CDATA[Text im CDATA]]><ul><li>Erstens<li>Zweitens</ul><style>p{}</style>';
    expect(blocksText(descriptionBlocks(html))).toBe(
      'Wir suchen Verstärkung für SEO\nText im CDATA\nErstens\nZweitens',
    );
  });

  it('keeps numbers when cleaning: "80 % Remote" survives in the remote excerpt', () => {
    const job = enrich({
      description:
        '## Details\n\n- **Einsatzart:** 80\n\n                      % Remote\n\n## Beschreibung\n\nSEO für B2B.',
    });
    expect(job.remoteContext).toBe('Einsatzart: 80 % Remote');
    expect(job).toMatchObject({ workModel: 'hybrid', remotePercentage: 80 });
  });
});

describe('nasty salaries through enrichment', () => {
  it.each([
    [
      'Gehalt: 50.000 - 60.000 € brutto im Jahr',
      { min: 50_000, max: 60_000, currency: 'EUR', period: 'YEAR' },
      [50_000, 60_000],
    ],
    ['Jahresgehalt ab 45k €', { min: 45_000, max: null, currency: 'EUR', period: 'YEAR' }, [45_000, 45_000]],
    ['Vergütung bis 75k € p.a.', { min: null, max: 75_000, currency: 'EUR', period: 'YEAR' }, [75_000, 75_000]],
    [
      'Salario: 2.000 € brutos al mes, 14 pagas',
      { min: 2_000, max: 2_000, currency: 'EUR', period: 'MONTH', paymentsPerYear: 14 },
      [28_000, 28_000],
    ],
    ["Salär CHF 90'000 pro Jahr", { min: 90_000, max: 90_000, currency: 'CHF', period: 'YEAR' }, [94_500, 94_500]],
    [
      'Salary: $3,000 to $5,000 per month',
      { min: 3_000, max: 5_000, currency: 'USD', period: 'MONTH' },
      [33_120, 55_200],
    ],
  ])('reads %j', (text, stated, [min, max]) => {
    expect(enrich({ description: text }).salary).toEqual({ min, max, stated: { paymentsPerYear: 12, ...stated } });
  });
});

describe('nasty places', () => {
  it('reads a postcode-only or postcode-prefixed address', () => {
    expect(enrich(address({ postalCode: '80331', addressCountry: 'DE' })).places).toMatchObject([
      { city: null, countryCode: 'DE' },
    ]);
    expect(enrich(address({ addressLocality: '80331 München' })).places[0]).toMatchObject({
      city: { slug: 'münchen' },
      countryCode: 'DE',
    });
    expect(enrich(address({ addressLocality: 'Wien 1010' })).places[0]).toMatchObject({
      city: { slug: 'wien' },
      countryCode: 'AT',
    });
  });

  it('gives US and UK places their country code', () => {
    expect(enrich(address({ addressLocality: 'London', addressCountry: 'GB' })).places[0]).toMatchObject({
      city: { name: 'London' },
      countryCode: 'GB',
    });
    expect(enrich(address({ addressLocality: 'London EC1A 1BB' })).places[0]).toMatchObject({
      city: { name: 'London' },
      countryCode: 'GB',
    });
    expect(
      enrich(address({ addressLocality: 'Manchester', addressCountry: 'United Kingdom' })).places[0],
    ).toMatchObject({ countryCode: 'GB' });
    expect(enrich(address({ addressLocality: 'Austin', addressRegion: 'Texas' })).places[0]).toMatchObject({
      city: { name: 'Austin' },
      countryCode: 'US',
    });
    expect(enrich(address({ addressLocality: 'Springfield', addressCountry: 'USA' })).places[0]).toMatchObject({
      city: { name: 'Springfield' },
      countryCode: 'US',
    });
  });

  it('reads places from the text when the structure is thin', () => {
    expect(enrich({ title: 'SEO Specialist (Wien/Remote)' }).places.map((p) => p.city?.slug)).toEqual(['wien']);
    expect(
      enrich({ description: 'Aufgaben...\n\nEinsatzort: Zürich und Region\nPensum: 80-100%' }).places[0],
    ).toMatchObject({ city: { slug: 'zürich' }, countryCode: 'CH' });
    const multi = enrich({
      description: 'We are looking for an SEO Specialist in Düsseldorf, Hamburg or London to focus on the UK.',
    });
    expect(multi.places.map((p) => [p.city?.name, p.countryCode])).toEqual([
      ['Düsseldorf', 'DE'],
      ['Hamburg', 'DE'],
      ['London', 'GB'],
    ]);
    expect(
      enrich({ description: 'Our office is in Barcelona’s Blue Building.' }).places.map((p) => p.city?.slug),
    ).toEqual([]);
  });
});

describe('skills vocabulary in three languages', () => {
  const slugs = (text: string) => findSkills(text, text.toLowerCase()).map((s) => s.slug);

  it.each([
    ['Erfahrung in SEA und SEO, Onpage- und Offpage-Optimierung', ['seo', 'onpage-seo', 'offpage-seo', 'sea']],
    ['Schema Markup / strukturierte Daten und Core Web Vitals', ['schema-markup', 'core-web-vitals']],
    ['GEO / AI Search: Sichtbarkeit in ChatGPT', ['geo', 'chatgpt']],
    ['CRO und A/B-Tests, Newsletter mit Klaviyo', ['cro', 'ab-testing', 'email-marketing']],
    [
      'Experiencia en SEO local, datos estructurados y marketing de contenidos',
      ['seo', 'local-seo', 'schema-markup', 'content-marketing'],
    ],
    ['Conversion rate optimization and email marketing', ['cro', 'email-marketing']],
    ['A walk by the sea with a geo map', []],
  ])('finds skills in %j', (text, expected) => {
    expect(slugs(text)).toEqual(expected);
  });
});
