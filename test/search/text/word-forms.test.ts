import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import type { Language } from '../../../src/domain/vocab.js';
import { classifyPosition } from '../../../src/ingest/classify/classify-position.js';
import { COMPOUND_PARTS } from '../../../src/search/text/compound-parts.js';
import {
  cleanQueryText,
  compoundParts,
  foldGender,
  indexKeys,
  queryKeys,
  queryPosition,
} from '../../../src/search/text/word-forms.js';
import * as naive from '../naive-word-forms.js';
import { editDistance, typoBudget, typoKeys } from '../../../src/search/text/typos.js';
import { job } from '../../builders.js';
import { ids, indexOf } from '../helpers.js';

/** A posting whose title is its whole text, with the position the import would give it. */
function posting(boardId: string, title: string, language: Language): Job {
  return job({
    boardId,
    title,
    searchText: title,
    language,
    position: classifyPosition(title).position,
    skills: [],
    company: { name: 'Firma', domain: null, website: null, logoUrl: null, size: null },
  });
}

const CORPUS = [
  posting('1', 'Softwareentwickler (m/w/d) Java', 'de'),
  posting('2', 'Entwicklerin Frontend', 'de'),
  posting('3', 'SEO-Managerin (m/w/d)', 'de'),
  posting('4', 'Spezialist Suchmaschinenoptimierung', 'de'),
  posting('5', 'Kundenberater im Innendienst', 'de'),
  posting('6', 'Gerente SEO', 'es'),
  posting('7', 'Desarrolladora web', 'es'),
  posting('8', 'Ingeniera de datos', 'es'),
  posting('9', 'Marketing Manager', 'en'),
  posting('10', 'Software Developer', 'en'),
  posting('11', 'SEA Manager Google Ads', 'de'),
  posting('12', 'Senior SEO Manager', 'en'),
  posting('13', 'Manager:in Marketing', 'de'),
  posting('14', 'Marketng Assistant', 'en'),
  posting('15', 'Redakteurin Online', 'de'),
];

const DEVELOPERS = ['1', '10', '2', '7'];
const SEO_MANAGERS = ['12', '3', '6'];

/** Query -> board ids expected, sorted as strings. */
const TABLE: [string, string[]][] = [
  // German gender forms (index and query side) and the developer position of the thesaurus
  ['entwickler', DEVELOPERS],
  ['Entwicklerin', DEVELOPERS],
  ['Softwareentwicklerin', DEVELOPERS],
  ['Entwickler*in (m/w/d)', DEVELOPERS],
  ['redakteur', ['15']],
  ['Redakteur:innen', ['15']],
  // (6, `Gerente SEO`, has the position name `SEO Manager`, which is searched too)
  ['managerin', ['11', '12', '13', '3', '6', '9']],
  ['Manager:in', ['11', '12', '13', '3', '6', '9']],
  // German compounds by their parts
  ['optimierung', ['4']],
  ['suchmaschine', ['4']],
  ['Suchmaschinenoptimierung', ['12', '3', '4', '6']], // the field SEO in every language (role-map.ts)
  ['berater', ['5']],
  ['software', DEVELOPERS], // 2 and 7 by their position name `Softwareentwickler`
  // Spanish gender forms
  ['desarrollador', DEVELOPERS],
  ['ingeniero', ['8']],
  ['ingeniera', ['8']],
  // the SEO position thesaurus on q
  ['SEO Managerin', SEO_MANAGERS],
  ['SEO-Managerin', SEO_MANAGERS],
  ['Gerente SEO', SEO_MANAGERS],
  ['seo manager', SEO_MANAGERS],
  ['developer', DEVELOPERS],
  // typos: one edit from 5 letters, two from 9, never the first letter
  ['markting', ['13', '9']], // not 14: `marketng` is two edits away, and 8 letters allow one
  ['developper', DEVELOPERS], // `developer`, and through the role map `Entwickler` and `desarrollador`
  ['managr', ['11', '12', '13', '3', '6', '9']],
  ['sofware', ['1', '10', '2']], // 7 (Spanish) has only the unsplit `Softwareentwickler`, which `software` reaches as a prefix
  ['marketingg', ['13', '14', '9']], // 10 letters: two edits reach `marketng`
  // what must NOT match: short words get no typo; the first letter is never corrected
  ['sea', ['11']],
  ['seox', []],
  ['nanager', []],
  ['makting', []],
];

describe('keyword word forms, compounds, thesaurus and typos', () => {
  const index = indexOf(CORPUS);

  for (const [q, expected] of TABLE) {
    it(`q=${q}`, () => {
      const found = ids(
        index.list({ filter: { keywords: q }, sort: 'date', order: 'desc', page: 1, perPage: 100 }),
      ).sort();
      expect(found).toEqual(expected);
      expect(index.count({ keywords: q })).toBe(expected.length);
    });
  }

  it('seo never matches sea (nor sea seo) by typo', () => {
    const found = ids(index.list({ filter: { keywords: 'seo' }, sort: 'date', order: 'desc', page: 1, perPage: 100 }));
    expect(found).not.toContain('11');
    expect(found.sort()).toEqual(['12', '3', '4', '6']); // 4 through the position SEO Specialist
  });

  it('ranks exact matches above corrected ones', () => {
    const found = ids(
      index.list({ filter: { keywords: 'marketing' }, sort: 'relevance', order: 'desc', page: 1, perPage: 100 }),
    );
    expect(found).toHaveLength(3);
    expect(found[2]).toBe('14');
  });

  it('typos: false matches exact words only', () => {
    expect(index.count({ keywords: 'markting', typos: false })).toBe(0);
    expect(index.count({ keywords: 'marketing', typos: false })).toBe(2);
  });

  it('did you mean: a correction only when the query finds nothing and the correction finds jobs', () => {
    expect(index.didYouMean({ keywords: 'seox' })).toBe('seo');
    expect(index.didYouMean({ keywords: 'markting', typos: false })).toBe('marketing');
    expect(index.didYouMean({ keywords: 'markting' })).toBeNull(); // finds jobs already
    expect(index.didYouMean({ keywords: 'seox', position: 'nope' })).toBeNull(); // the correction finds nothing either
    expect(index.didYouMean({ keywords: 'qqqqqq' })).toBeNull();
  });
});

describe('word form rules', () => {
  it.each([
    ['entwicklerin', 'entwickler'],
    ['managerinnen', 'manager'],
    ['referentin', 'referent'],
    ['ingenieurin', 'ingenieur'],
    ['desarrolladora', 'desarrollador'],
    ['programadoras', 'programadores'],
    ['enfermera', 'enfermero'],
    ['berlin', 'berlin'],
    ['termin', 'termin'],
    ['medizin', 'medizin'],
    ['marin', 'marin'],
  ])('foldGender(%s) = %s', (key, folded) => {
    expect(foldGender(key)).toBe(folded);
  });

  it.each([
    ['suchmaschinenoptimierung', ['suchmaschine', 'optimierung']],
    ['vertriebsmitarbeiter', ['vertrieb', 'mitarbeiter']],
    ['fullstackentwickler', ['entwickler']],
    ['bergamt', []],
    ['berlin', []],
    ['marketing', []],
  ])('compoundParts(%s)', (key, parts) => {
    expect(compoundParts(key)).toEqual(parts);
  });

  it.each([
    ['SEO-Managerin', 'seo-manager'],
    ['Gerente SEO', 'seo-manager'],
    ['SEO Manager (m/w/d)', 'seo-manager'],
    ['Responsable SEO', 'seo-manager'],
    ['seo manager berlin', null],
    ['manager', null],
    ['Técnico SEO', 'technical-seo'], // accents folded before the thesaurus's patterns
    ['SEO Senior Manager', 'seo-manager'], // a seniority word cut from the middle
    ['SEO Manager 2', null], // a number is a word too
    ['Managerin SEO', 'seo-manager'], // each word folded, not only the last
  ])('queryPosition(%s) = %s', (q, slug) => {
    expect(queryPosition(q)).toBe(slug);
  });

  it('gives a word each key once, also when two of its parts fold to one gender form', () => {
    expect(queryKeys('Managerin-Manager')).toEqual(['manager']);
    expect(indexKeys('de', 'Entwicklerin-Entwickler')).toEqual(['entwickler']);
  });

  it('budgets and distances', () => {
    expect([typoBudget(4), typoBudget(5), typoBudget(8), typoBudget(9)]).toEqual([0, 1, 1, 2]);
    expect(editDistance('developper', 'developer', 2)).toBe(1);
    expect(editDistance('maketing', 'marketing', 2)).toBe(1);
    expect(editDistance('mrakets', 'markets', 2)).toBe(1); // neighbours swapped
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3); // capped at max + 1
  });

  it('finds typo keys among those with the same first letter, the key itself left out', () => {
    const sorted = ['marketing', 'marketinh', 'narketing'];
    // "narketing" is one edit from "marketing", on the first letter: never a typo.
    expect(typoKeys(sorted, 'marketing', 1)).toEqual([1]);
    expect(typoKeys(sorted, 'marketinx', 1)).toEqual([0, 1]);
    expect(typoKeys(['marketing'], 'marketing', 2)).toEqual([]);
  });
});

describe('edit distance against the plain table', () => {
  /** Optimal string alignment distance, the whole table, no early end. */
  function osa(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
    return d[a.length]![b.length]!;
  }
  // Few letters, so that words share much; up to 100 of them (the distance's rows start at 64).
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ä'), maxLength: 12 });
  const long = fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 60, maxLength: 100 });

  it('measures words of 64 letters, one past the rows it starts with', () => {
    // The first long words of this file: the rows must grow to hold 65 entries.
    const a = 'ab'.repeat(32);
    expect([editDistance(a, `${a.slice(0, 63)}c`, 2), editDistance(`${a.slice(0, 62)}ba`, a, 2)]).toEqual([1, 1]);
    expect(editDistance(a, 'b'.repeat(64), 3)).toBe(4);
  });

  it('is the plain distance, or max + 1 when that is more than max', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(text, text), fc.tuple(long, long), fc.tuple(text, long)),
        fc.nat(3),
        ([a, b], max) => {
          expect(editDistance(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('word forms against the oracle written out from the rules (test/search/naive-word-forms.ts)', () => {
  const parts = [...COMPOUND_PARTS].filter((p) => p.length <= 12);
  const piece = fc.oneof(
    fc.constantFrom(...parts),
    fc.constantFrom('s', 'n', 'en', 'es', 'e', 'er', 'in', 'innen', 'a', 'as', 'or', 'dor', 'era', 'ü', 'ß', '-', 'x'),
    fc.stringMatching(/^[a-zäöüéñ]{1,4}$/),
  );
  const word = fc.array(piece, { minLength: 1, maxLength: 4 }).map((ps) => ps.join(''));

  it('gives every word the same index and query keys', () => {
    fc.assert(
      fc.property(word, fc.constantFrom('de', 'es', 'en'), (w, lang) => {
        expect(naive.indexKeys(lang, w)).toEqual(indexKeys(lang, w));
        expect(naive.queryKeys(w)).toEqual(queryKeys(w));
      }),
      { numRuns: 3000 },
    );
  });

  it('cleans the same gender notation and tags out of query text', () => {
    const notation = fc.constantFrom(':in', '*in', '_in', '/in', '(in)', ':innen', '/innen', '(innen)', 'In', '');
    const tag = fc.constantFrom(
      '(m/w/d)',
      '(w/m/d)',
      '( m | f | x )',
      '(all genders)',
      '(gn*)',
      '(m/w)',
      '(m)',
      '(x/y)',
      '',
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(word, notation, tag), { maxLength: 3 }), (items) => {
        const text = items.map(([w, n, t]) => `${w}${n} ${t}`).join(' ');
        expect(naive.cleanQueryText(text)).toBe(cleanQueryText(text));
      }),
      { numRuns: 2000 },
    );
  });
});
