import { describe, expect, it } from 'vitest';
import { sizeFromText } from '../../../src/ingest/classify/company.js';
import { recordToJob } from '../../../src/ingest/record-to-job.js';

// A headcount the posting states, per language: a quantifier, a verb of employing, "+" or a range
// before the employees' noun. Buckets: 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+.
describe('company size stated in a description', () => {
  it.each([
    // German, Austrian, Swiss German
    ['ein Unternehmen mit mehr als 500 Mitarbeitenden', '501-1000'],
    ['über 500 Mitarbeitende an 12 Standorten', '501-1000'],
    ['Wir sind rund 250 Mitarbeiter:innen in Wien', '201-500'],
    ['mit ca. 80 Mitarbeitern', '51-200'],
    ['Heute beschäftigen wir 1.200 Mitarbeiter*innen', '1001-5000'],
    ['Mit einem Team von 11-50 Mitarbeitern fertigen wir', '11-50'],
    ['mittlerweile 45 Kolleginnen und Kollegen', '11-50'],
    ['über 10.000 Beschäftigte weltweit', '5001+'],
    ["rund 3'000 Angestellte in der Schweiz", '1001-5000'],
    ['200+ Mitarbeitende', '201-500'],
    // Spanish
    ['una empresa con más de 1.000 empleados', '1001-5000'],
    ['contamos con 300 trabajadores', '201-500'],
    ['cerca de 40 colaboradores', '11-50'],
    ['una plantilla de 120 profesionales', '51-200'],
    ['entre 50 a 200 empleados', '51-200'],
    // English
    ['German digital enterprises with more than 4,000 employees', '1001-5000'],
    [
      'Unternehmensgruppe im Bereich des Immobilien- und Gebäudemanagements mit mehr als 500 Mitarbeitenden',
      '501-1000',
    ],
    ["we're a global leader in smart energy technology, with over 4,000 employees", '1001-5000'],
    ['with over 4,000 employees, offices in 34 countries', '1001-5000'],
    ['we are about 60 employees', '51-200'],
    ['500+ staff', '501-1000'],
    ['the company employs 25 staff members', '11-50'],
  ])('%s -> %s', (text, size) => {
    expect(sizeFromText(text.toLowerCase())).toBe(size);
  });

  it.each([
    // A bare count is a hiring number or a team; a team to lead is not the company.
    'Wir suchen 3 Mitarbeiter für unser Lager',
    'ein Team mit 5 Mitarbeitern',
    'Führung von über 20 Mitarbeitenden',
    'Fachliche und disziplinarische Leitung von mehr als 15 Mitarbeitern',
    'you will manage 10+ staff',
    'gestionar un equipo de más de 10 trabajadores',
    // Not employees.
    'über 500 Kunden in ganz Europa',
    'more than 4,000 customers',
    'más de 30.000 € brutos',
    'Keine Zahl hier',
  ])('%s -> none', (text) => {
    expect(sizeFromText(text.toLowerCase())).toBeNull();
  });
});

describe('company size of an imported posting', () => {
  const enrich = (record: Record<string, unknown>) => {
    const r = recordToJob(
      { '@type': 'JobPosting', title: 'SEO Manager (m/w/d)', ...record },
      { source: 'test', now: Date.UTC(2026, 10, 21) },
    );
    if (!r.ok) throw new Error(r.reason);
    return r.job.company.size;
  };

  it('takes numberOfEmployees first, then the description', () => {
    expect(
      enrich({
        hiringOrganization: { name: 'Acme GmbH', numberOfEmployees: { '@type': 'QuantitativeValue', value: 40 } },
        description: 'Wir sind über 500 Mitarbeitende.',
      }),
    ).toBe('11-50');
    expect(enrich({ hiringOrganization: { name: 'Acme GmbH' }, description: 'Wir sind über 500 Mitarbeitende.' })).toBe(
      '501-1000',
    );
    expect(enrich({ hiringOrganization: { name: 'Acme GmbH' }, description: 'Wir suchen dich.' })).toBeNull();
  });
});
