import { describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import { getGazetteer } from '../../src/ingest/places/gazetteer.js';

const NOW = Date.UTC(2025, 5, 1, 12);
const DAY = 86_400_000;

type Obj = Record<string, unknown>;

function take(count: number, seed: number): Obj[] {
  return [...generatePostings({ count, seed, now: NOW })];
}

function obj(v: unknown): Obj {
  expect(typeof v === 'object' && v !== null && !Array.isArray(v), `not an object: ${JSON.stringify(v)}`).toBe(true);
  return v as Obj;
}

function places(p: Obj): Obj[] {
  const loc = p['jobLocation'];
  if (loc === undefined) return [];
  return Array.isArray(loc) ? loc.map(obj) : [obj(loc)];
}

const SEO_TITLE =
  /\bSEO\b|\bSEA\b|\bSEM\b|PPC|Paid Search|Content|Online[- ]Marketing|Digital Marketing|Marketing (Online|Digital)|Google Ads|Performance Marketing/i;
const postings = take(4000, 7);
const share = (pred: (p: Obj) => boolean): number => postings.filter(pred).length / postings.length;

describe('generatePostings', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    const a = JSON.stringify(take(300, 42));
    expect(JSON.stringify(take(300, 42))).toBe(a);
    expect(JSON.stringify(take(300, 43))).not.toBe(a);
  });

  it('yields exactly count postings, and none for count 0', () => {
    expect(take(17, 1)).toHaveLength(17);
    expect(take(0, 1)).toEqual([]);
  });

  it('rejects a negative or fractional count and a fractional seed', () => {
    expect(() => take(-1, 1)).toThrow(/count/);
    expect(() => take(1.5, 1)).toThrow(/count/);
    expect(() => take(1, 0.5)).toThrow(/seed/);
  });

  it('gives every posting the JSON-LD type, a title, an employer name and a posting date', () => {
    for (const p of postings) {
      expect(p['@context']).toBe('https://schema.org');
      expect(p['@type']).toBe('JobPosting');
      expect(typeof p['title'] === 'string' && p['title'].length > 3).toBe(true);
      expect(typeof obj(p['hiringOrganization'])['name']).toBe('string');
      expect(p['datePosted']).toMatch(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);
      expect(typeof p['description'] === 'string' && p['description'].length > 200).toBe(true);
      expect(typeof p['url']).toBe('string');
    }
  });

  it('places postings in real gazetteer cities with region, country code and coordinates', () => {
    const gaz = getGazetteer();
    for (const p of postings) {
      for (const pl of places(p)) {
        const address = obj(pl['address']);
        const cc = address['addressCountry'];
        expect(['DE', 'AT', 'CH', 'ES']).toContain(cc);
        expect(
          gaz.findCity(String(address['addressLocality']), String(cc)),
          String(address['addressLocality']),
        ).not.toBeNull();
      }
    }
    expect(share((p) => places(p).some((pl) => pl['geo'] !== undefined))).toBeGreaterThan(0.7);
  });

  it('keeps datePosted within 90 days before now and about 3% expired', () => {
    for (const p of postings) {
      const t = Date.parse(String(p['datePosted']));
      expect(t).toBeLessThanOrEqual(NOW);
      expect(t).toBeGreaterThan(NOW - 160 * DAY);
    }
    expect(share((p) => NOW - Date.parse(String(p['datePosted'])) <= 91 * DAY)).toBeGreaterThan(0.97);
    const expired = share((p) => typeof p['validThrough'] === 'string' && Date.parse(p['validThrough']) < NOW);
    expect(expired).toBeGreaterThan(0.015);
    expect(expired).toBeLessThan(0.05);
  });

  it('has about 60% SEO positions', () => {
    const seo = share((p) => SEO_TITLE.test(String(p['title'])));
    expect(seo).toBeGreaterThan(0.5);
    expect(seo).toBeLessThan(0.72);
  });

  it('states a salary in about half of the postings, in EUR with a unit', () => {
    const withSalary = postings.filter((p) => p['baseSalary'] !== undefined);
    expect(withSalary.length / postings.length).toBeGreaterThan(0.4);
    expect(withSalary.length / postings.length).toBeLessThan(0.65);
    const units = new Set<unknown>();
    for (const p of withSalary) {
      const amount = obj(p['baseSalary']);
      expect(amount['currency']).toBe('EUR');
      const value = obj(amount['value']);
      units.add(value['unitText']);
      const min = Number(value['minValue'] ?? value['value']);
      const max = Number(value['maxValue'] ?? value['value']);
      expect(min).toBeGreaterThan(0);
      expect(max).toBeGreaterThanOrEqual(min);
      if (value['unitText'] === 'YEAR') expect(min).toBeGreaterThan(10_000);
    }
    expect([...units].sort()).toEqual(['HOUR', 'MONTH', 'YEAR']);
  });

  it('lists 2–3 cities for about 15% of the postings', () => {
    const multi = share((p) => places(p).length > 1);
    expect(multi).toBeGreaterThan(0.1);
    expect(multi).toBeLessThan(0.2);
    expect(Math.max(...postings.map((p) => places(p).length))).toBe(3);
  });

  it('writes German, Spanish and English texts', () => {
    const de = share((p) => /Deine Aufgaben|Das erwartet dich|Was du bewegst/.test(String(p['description'])));
    const es = share((p) => /Tus funciones|Qué harás|Responsabilidades/.test(String(p['description'])));
    const en = share((p) => /Your responsibilities|What you will do/.test(String(p['description'])));
    expect(de).toBeGreaterThan(0.4);
    expect(es).toBeGreaterThan(0.1);
    expect(en).toBeGreaterThan(0.05);
    expect(de + es + en).toBeCloseTo(1, 5);
  });

  it('marks remote postings as TELECOMMUTE and says so in the text', () => {
    const remote = postings.filter((p) => p['jobLocationType'] === 'TELECOMMUTE');
    expect(remote.length / postings.length).toBeGreaterThan(0.1);
    for (const p of remote) expect(String(p['description'])).toMatch(/remote|remoto|Teletrabajo/i);
  });

  it('keeps size and industry consistent per company', () => {
    const seen = new Map<string, string>();
    for (const p of postings) {
      const org = obj(p['hiringOrganization']);
      const sig = JSON.stringify([org['numberOfEmployees'], org['industry'], org['sameAs']]);
      const name = String(org['name']);
      expect(seen.get(name) ?? sig, name).toBe(sig);
      seen.set(name, sig);
    }
    expect(seen.size).toBeGreaterThan(300);
  });

  it('uses all-digit identifiers for most postings and unique urls', () => {
    const ids = postings
      .map((p) => p['identifier'])
      .filter((v) => v !== undefined)
      .map((v) => String(obj(v)['value']));
    expect(ids.filter((v) => /^\d+$/.test(v)).length / ids.length).toBeGreaterThan(0.7);
    expect(ids.some((v) => !/^\d+$/.test(v))).toBe(true);
    expect(new Set(postings.map((p) => p['url'])).size).toBe(postings.length);
  });

  it('tags titles with gender markers as ads in the wild do', () => {
    expect(share((p) => /\((m\/w\/d|w\/m\/d|m\/f\/d|f\/m\/d|h\/m)\)|:in\b/.test(String(p['title'])))).toBeGreaterThan(
      0.4,
    );
  });
});
