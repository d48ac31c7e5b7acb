import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import { job } from '../../builders.js';
import { expectMarkedWhenFound, indexOf } from '../helpers.js';

/** A job whose searched texts are its title and its summary alone (nothing from company, position or skills). */
function plain(title: string, summary: string, language: Job['language'] = 'de'): Job {
  return job({
    title,
    summary,
    searchText: `${title}\n${summary}`,
    language,
    company: { name: 'Qqq', domain: null, website: null, logoUrl: null, size: null },
    position: { slug: 'qqq', name: 'Qqq' },
    skills: [],
  });
}

/** The marked words of one text, as strings. */
function marked(text: string, q: string, language: Job['language'] = 'de', typos = true, corpus: Job[] = []): string[] {
  const index = indexOf([plain(text, '', language), ...corpus]);
  const [[ranges]] = index.highlight(q, typos, [{ language, texts: [text] }]) as [[[number, number][]]];
  return ranges.map(([a, b]) => text.slice(a, b));
}

describe('highlight: the words of a card that match the query, as the search matches them', () => {
  it('marks gender forms, compound parts, accents, stems and case', () => {
    expect(marked('Softwareentwicklerin (m/w/d) in München', 'entwickler')).toEqual(['Softwareentwicklerin']);
    expect(marked('Werkstudent Suchmaschinenoptimierung', 'optimierung')).toEqual(['Suchmaschinenoptimierung']);
    expect(marked('Werkstudent Suchmaschinenoptimierung', 'suchmaschine')).toEqual(['Suchmaschinenoptimierung']);
    expect(marked('Jobs in München und Muenchen-Ost', 'muenchen')).toEqual(['München', 'Muenchen']);
    expect(marked('SEO Managerin gesucht', 'SEO Manager:in')).toEqual(['SEO', 'Managerin']);
    expect(marked('Desarrolladora web senior', 'desarrollador', 'es')).toEqual(['Desarrolladora']);
    expect(marked('Marketing managers wanted', 'manager', 'en')).toEqual(['managers']);
  });

  it('marks typo corrections only with typo tolerance, and the last word as a prefix', () => {
    expect(marked('Online Marketing Manager', 'markting')).toEqual(['Marketing']);
    expect(marked('Online Marketing Manager', 'markting', 'de', false)).toEqual([]);
    expect(marked('Online Marketing Manager', 'online mark')).toEqual(['Online', 'Marketing']);
  });

  it('marks nothing that does not match: short words get no typo, other words stay plain', () => {
    expect(marked('SEA Manager', 'seo')).toEqual([]);
    expect(marked('Pflegefachkraft Station 3', 'manager')).toEqual([]);
    expect(marked('', 'seo')).toEqual([]);
  });

  it('reads a card of a language without a stemmer as English, as its posting was indexed', () => {
    // "managers" is found through the English stem of "manager"; typo tolerance off, so only the stem can match.
    const index = indexOf([plain('Marketing managers wanted', '', 'en')]);
    const ranges = (language: string) =>
      index.highlight('manager', false, [{ language, texts: ['Marketing managers wanted'] }]);
    expect(ranges('en')).toEqual([[[[10, 18]]]]);
    expect(ranges('fr')).toEqual(ranges('en'));
  });

  it('gives empty ranges for every text of every item when the query has no words', () => {
    const index = indexOf([plain('SEO Manager', '')]);
    expect(index.highlight(' ,; ', true, [{ language: 'de', texts: ['SEO Manager', 'x'] }])).toEqual([[[], []]]);
  });

  it('marks a word of a listed job exactly when the job is found by the query (one-word queries, random corpora)', () => {
    const words = [
      'Suchmaschinenoptimierung',
      'Optimierung',
      'Entwicklerin',
      'Entwickler',
      'Softwareentwickler',
      'Marketing',
      'Markting',
      'München',
      'Muenchen',
      'Beraterin',
      'Kundenservice',
      'Kunden',
      'Datenbank',
      'Lager',
      'Pflege',
      'Station',
    ];
    const text = fc.array(fc.constantFrom(...words), { maxLength: 4 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...words.map((w) => w.toLowerCase()), 'entw', 'optim', 'kunde', 'mark', 'beraterinnen'),
        fc.boolean(),
        (texts, q, typos) => {
          const jobs = texts.map(([title, summary]) => plain(title, summary));
          expectMarkedWhenFound(indexOf(jobs), jobs, q, typos, (j) => [j.title, j.summary]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
