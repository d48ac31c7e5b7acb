import { describe, expect, it } from 'vitest';
import { job, place } from '../../builders.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { BERLIN, HAMBURG, indexOf, MUENCHEN, NOW, WIEN } from '../helpers.js';
import { NaiveSearch } from '../naive-search.js';
import { naiveSuggestCompanies, rankByPrefix } from '../naive-suggest.js';
import { buildSuggestIndex, rankedMatches, suggest } from '../../../src/search/text/suggest.js';
import { compareStrings } from '../../../src/search/columns/columns.js';
import { runSteps } from '../../../src/lib/steps.js';
import {
  buildTitleSuggestSteps,
  suggestTitles,
  TitleSuggestBuilder,
  type TitleSuggestIndex,
} from '../../../src/search/text/title-suggest.js';
import fc from 'fast-check';

const company = (name: string) => job({ company: { ...job().company, name } });

/** The values a document's title entities name (what a deletion of the document subtracts). */
function entitiesOf(titles: TitleSuggestIndex, d: number): (string | undefined)[] {
  return [...titles.docEntities.subarray(titles.docOffsets[d], titles.docOffsets[d + 1])].map(
    (e) => titles.index.values[e],
  );
}
const city = (slug: string, name: string) => place({ city: { slug, name } });

describe('SearchIndex autocomplete', () => {
  it('matches the start of any word of the display name, ignoring case and accents', () => {
    const index = indexOf([
      job({ places: [city('frankfurt-am-main', 'Frankfurt am Main')] }),
      job({ places: [MUENCHEN] }),
    ]);
    expect(index.suggestLocations('am ma', 10)).toEqual([{ value: 'frankfurt-am-main', label: 'Frankfurt am Main' }]);
    expect(index.suggestLocations('MAIN', 10)).toEqual([{ value: 'frankfurt-am-main', label: 'Frankfurt am Main' }]);
    expect(index.suggestLocations('munch', 10)).toEqual([{ value: 'münchen', label: 'München' }]);
    expect(index.suggestLocations('muench', 10)).toEqual([{ value: 'münchen', label: 'München' }]);
  });

  it('returns nothing for an empty or blank query', () => {
    const index = indexOf([job()]);
    expect([index.suggestLocations('', 10), index.suggestLocations('  ', 10), index.suggestCompanies('-', 10)]).toEqual(
      [[], [], []],
    );
  });

  it('suggests cities, regions and countries, sorted by label with German collation, duplicate labels allowed', () => {
    const index = indexOf([job({ places: [BERLIN] }), job({ places: [WIEN] })]);
    expect(index.suggestLocations('', 10)).toEqual([]);
    expect(index.suggestLocations('ber', 10)).toEqual([
      { value: 'berlin', label: 'Berlin' },
      { value: 'berlin-land', label: 'Berlin' },
    ]);
    expect(index.suggestLocations('ö', 10)).toEqual([{ value: 'österreich', label: 'Österreich' }]);
  });

  it('keeps whole-name prefixes first, then the places with most jobs, and sorts the kept ones by label', () => {
    const places = [city('bad-hamburg', 'Bad Hamburg'), city('hamm', 'Hamm'), city('hameln', 'Hameln')];
    const times = (n: number, p: (typeof places)[number]) => Array.from({ length: n }, () => job({ places: [p] }));
    const jobs = [
      ...times(5, places[0]!),
      ...times(3, places[1]!),
      ...times(2, places[2]!),
      job({ places: [HAMBURG] }),
    ];
    const index = indexOf(jobs);
    expect(index.suggestLocations('ham', 2)).toEqual([
      { value: 'hameln', label: 'Hameln' },
      { value: 'hamm', label: 'Hamm' },
    ]);
    expect(index.suggestLocations('ham', 5).map((s) => s.label)).toEqual([
      'Bad Hamburg',
      'Hamburg',
      'Hamburg',
      'Hameln',
      'Hamm',
    ]);
  });

  it('orders by German collation, not by code units: eBay before EDEKA, Mühlheim before Murnau, Ärzte before Azubi', () => {
    const index = indexOf([
      company('EDEKA Markt'),
      company('eBay GmbH'),
      company('Azubi Service GmbH'),
      company('Ärzte ohne Grenzen'),
      job({ places: [city('murnau', 'Murnau')] }),
      job({ places: [city('mühlheim', 'Mühlheim')] }),
    ]);
    expect(index.suggestCompanies('e', 10).map((s) => s.label)).toEqual(['eBay GmbH', 'EDEKA Markt']);
    expect(index.suggestCompanies('a', 10).map((s) => s.label)).toEqual([
      'Acme GmbH',
      'Ärzte ohne Grenzen',
      'Azubi Service GmbH',
    ]);
    expect(index.suggestLocations('mu', 10).map((s) => s.label)).toEqual(['Mühlheim', 'Murnau']);
    // Of two places with as many jobs, a limit of one keeps the first by collation.
    expect(index.suggestLocations('mu', 1).map((s) => s.label)).toEqual(['Mühlheim']);
  });

  it('suggests companies by display name, the value being the name itself', () => {
    const index = indexOf([
      company('Müller & Söhne GmbH'),
      company('Acme GmbH'),
      company('ACME GmbH'),
      company('ACME GmbH'),
    ]);
    expect(index.suggestCompanies('söh', 10)).toEqual([{ value: 'Müller & Söhne GmbH', label: 'Müller & Söhne GmbH' }]);
    expect(index.suggestCompanies('gmbh', 10)).toEqual([
      { value: 'ACME GmbH', label: 'ACME GmbH' },
      { value: 'Müller & Söhne GmbH', label: 'Müller & Söhne GmbH' },
    ]);
  });

  it('answers one- and two-letter queries over many names like a full scan', () => {
    const names = [
      ...Array.from({ length: 160 }, (_, i) =>
        i % 3 === 0 ? `Alpha ${i}` : i % 3 === 1 ? `Beta Alpha ${i}` : `Al ${i} Beta`,
      ),
      // Names whose last word is one letter or digit, and a name of one letter.
      'Plan B',
      'Vitamin A',
      'Formel 1',
      'A',
    ];
    const jobs = names.flatMap((name, i) => Array.from({ length: 1 + (i % 7) }, () => company(name)));
    const index = indexOf(jobs);
    const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
    for (const q of ['a', 'al', 'B', 'be', '1']) {
      // 50 is the longest precomputed list of a one- or two-letter prefix; 51 and more search the keys.
      for (const limit of [1, 10, 50, 51, 200])
        expect(index.suggestCompanies(q, limit), `${q} ${limit}`).toEqual(naiveSuggestCompanies(naive, q, limit));
    }
  });

  it('labels a title word with its most used spelling, ties by code unit order', () => {
    const titled = (...titles: string[]) => indexOf(titles.map((title) => job({ title })));
    const label = (...titles: string[]) =>
      titled(...titles)
        .suggestTitles('entw', 5)
        .map((s) => s.label);
    expect(label('entwickler Backend', 'Entwickler Frontend')).toEqual(['Entwickler']);
    expect(label('Entwickler Frontend', 'entwickler Backend')).toEqual(['Entwickler']);
    expect(label('entwickler Backend', 'Entwickler Frontend', 'entwickler Web')).toEqual(['entwickler']);
    expect(label('ENTWICKLER', 'Entwickler', 'entwickler')).toEqual(['ENTWICKLER']);
  });

  it('suggests the 50,000 title words in most jobs, ties by key, and drops the rest', () => {
    // 50,001 distinct words in one title; the largest key also in a second job's title.
    const word = (i: number) => `wort${i.toString(36).padStart(4, '0')}`;
    const all = Array.from({ length: 50_001 }, (_, i) => word(i));
    // The title suggestions alone: a whole index would also index 50,000 words for keywords.
    const titles = runSteps(
      buildTitleSuggestSteps([job({ title: all.join(' ') }), job({ title: `Leiter ${word(50_000)}` })]),
    );
    const found = (w: string) => suggestTitles(titles, w, 5).map((s) => [s.label, s.count]);
    // 50,002 words: the one in two jobs is kept, whatever its key; of those in one job ("leiter"
    // among them), the two largest keys are dropped.
    expect(found(word(50_000))).toEqual([[word(50_000), 2]]);
    expect([found(word(49_999)), found(word(49_998))]).toEqual([[], []]);
    expect(found(word(49_997))).toEqual([[word(49_997), 1]]);
    expect(found(word(0))).toEqual([[word(0), 1]]);
    expect(found('leiter')).toEqual([['Leiter', 1]]);
  });

  it('are the same whatever order the jobs were added in, given that order (a store streams them in its own), titles remembered or not', () => {
    // Spellings of one position and one word that fold alike: the label is the first document's.
    const POSITIONS = ['Koch', 'koch', 'KOCH', 'Pflege', 'Berater', 'berater'];
    const WORDS = ['Koch', 'koch', 'Küche', 'küche', 'Kuche', 'Berater', 'Senior', 'und', 'SAP', '2024', 'Pflege'];
    const jobArb = fc.record({
      position: fc.constantFrom(...POSITIONS),
      title: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }).map((ws) => ws.join(' ')),
    });
    const caseArb = fc.array(jobArb, { maxLength: 40 }).chain((jobs) =>
      fc.tuple(
        fc.constant(jobs),
        fc.shuffledSubarray([...jobs.keys()], { minLength: jobs.length }),
        // Titles remembered: none, or 1, 3 or 64 (the first two forget them as they go).
        fc.constantFrom(0, 1, 3, 64),
      ),
    );
    fc.assert(
      fc.property(caseArb, ([rows, arrivals, memo]) => {
        const jobs = rows.map((r) => job({ title: r.title, position: { slug: r.position, name: r.position } }));
        // The a-th job added is jobs[arrivals[a]]; document d is the order[d]-th added.
        const order = new Uint32Array(jobs.length);
        arrivals.forEach((d, a) => (order[d] = a));
        const builder = new TitleSuggestBuilder(memo);
        for (const d of arrivals) builder.add(jobs[d]!.title, jobs[d]!.position.name);
        expect(runSteps(builder.finishSteps(order))).toEqual(runSteps(buildTitleSuggestSteps(jobs)));
      }),
      { numRuns: 300 },
    );
  });

  it("lists each document's position and suggested title words once, whatever repeats", () => {
    const jobs = [
      job({ title: 'Koch Koch Küche koch', position: { slug: 'koch', name: 'Koch' } }),
      job({ title: 'Küche Küchenhilfe Küche', position: { slug: 'hilfe', name: 'Hilfe' } }),
    ];
    const titles = runSteps(buildTitleSuggestSteps(jobs));
    const of = (d: number) => entitiesOf(titles, d);
    // "Koch" is the position (a title word that names one is the position).
    expect([of(0), of(1)]).toEqual([
      ['Koch', 'Küche'],
      ['Hilfe', 'Küche', 'Küchenhilfe'],
    ]);
    // No slack past the last document's entities (the list is saved with the index).
    expect(titles.docEntities.length).toBe(titles.docOffsets[jobs.length]);
  });

  it("lists another position's name in a title under the job's own position only, as the counts do", () => {
    // Job 1's title names the position Koch, which job 1 is not: Koch counts job 0 alone, so job
    // 1's entities (what a deletion of job 1 subtracts) must not hold Koch.
    const jobs = [
      job({ title: 'Koch', position: { slug: 'koch', name: 'Koch' } }),
      job({ title: 'Hilfe für Koch und Küche', position: { slug: 'hilfe', name: 'Hilfe' } }),
    ];
    const titles = runSteps(buildTitleSuggestSteps(jobs));
    const of = (d: number) => entitiesOf(titles, d);
    expect([of(0), of(1)]).toEqual([['Koch'], ['Hilfe', 'Küche']]);
    expect(suggestTitles(titles, 'koch', 5).map((s) => [s.label, s.count])).toEqual([['Koch', 1]]);
  });

  it('suggests title words of three characters or more, not numbers and not function words', () => {
    const titles = runSteps(
      buildTitleSuggestSteps([job({ title: 'SAP IT Berater 2024 und 1st-Level-Support in 3 Teams' })]),
    );
    const found = (w: string) => suggestTitles(titles, w, 5).map((s) => s.label);
    expect([found('sap'), found('1st'), found('berater')]).toEqual([['SAP'], ['1st'], ['Berater']]);
    expect([found('it'), found('2024'), found('3'), found('und'), found('in')]).toEqual([[], [], [], [], []]);
  });

  it('suggests only places and companies of live jobs', () => {
    const index = indexOf([job({ places: [HAMBURG], validThrough: NOW - 1 }), job({ places: [BERLIN] })]);
    expect(index.suggestLocations('ham', 10)).toEqual([]);
  });

  it('ranks ties by label, then value, and sorts the kept ones by label, then value', () => {
    // Two places named alike: the one with more jobs is kept first, but listed by its value.
    const values = ['neustadt-b', 'neustadt-c', 'neustadt-a'];
    const labels = ['Neustadt', 'Neustadt', 'Neustadt'];
    const index = buildSuggestIndex(values, labels, [3, 1, 1]);
    expect(suggest(index, 'neu', 2)).toEqual([
      { value: 'neustadt-a', label: 'Neustadt' },
      { value: 'neustadt-b', label: 'Neustadt' },
    ]);
    expect(suggest(index, 'ne', 3).map((s) => s.value)).toEqual(['neustadt-a', 'neustadt-b', 'neustadt-c']);
    expect(rankedMatches(index, 'neu', 3).whole).toEqual([0, 2, 1]);
  });

  it('takes the whole part of a fractional limit, and nothing below 1', () => {
    const index = buildSuggestIndex(['a', 'b', 'c'], ['Alm', 'Alb', 'Alt'], [1, 2, 3]);
    expect(suggest(index, 'al', 2.9).map((s) => s.value)).toEqual(['b', 'c']);
    expect(suggest(index, 'alm', 1.5)).toEqual([{ value: 'a', label: 'Alm' }]);
    expect([suggest(index, 'al', 0.9), suggest(index, 'al', Number.NaN)]).toEqual([[], []]);
    expect(rankedMatches(index, 'al', 0.5)).toEqual({ whole: [], inner: [] });
    // A blank query gives nothing, also past the 50 precomputed entries (where keys are searched).
    for (const q of ['', ' ', '-']) {
      expect(suggest(index, q, 60), `"${q}"`).toEqual([]);
      expect(rankedMatches(index, q, 60), `"${q}"`).toEqual({ whole: [], inner: [] });
    }
  });

  it('answers two letters after a name with a one-letter word, and lists a name matched twice once', () => {
    // Inner-word keys "a" (Haus A) and "abel" (Zum Abel): the one-letter key must not swallow the
    // two-letter list of "ab".
    const index = buildSuggestIndex(
      ['haus-a', 'zum-abel', 'haus-hausen'],
      ['Haus A', 'Zum Abel', 'Haus Hausen'],
      [1, 1, 1],
    );
    expect(suggest(index, 'ab', 10)).toEqual([{ value: 'zum-abel', label: 'Zum Abel' }]);
    expect(suggest(index, 'a', 10).map((s) => s.value)).toEqual(['haus-a', 'zum-abel']);
    // Two letters are answered from the precomputed lists: "Haus Hausen" is there for its whole
    // name and for its inner word, and listed once.
    expect(suggest(index, 'ha', 10).map((s) => s.value)).toEqual(['haus-a', 'haus-hausen']);
    expect(rankedMatches(index, 'ha', 10)).toEqual({ whole: [0, 2], inner: [] });
  });

  it('lists an entity once when both its whole name and an inner word match, across the marks wrapping around', () => {
    // "Haus Hausen" has the whole-name key haus-hausen and the inner-word key hausen: a query for
    // "haus" finds it twice, and the per-query mark must drop the second. The marks are 32-bit:
    // they start again from 1 after 2^32 - 1 queries, clearing the old ones.
    const values = ['haus-hausen', 'hausach', 'neuhaus'];
    const labels = ['Haus Hausen', 'Hausach', 'Neu Haus'];
    const index = buildSuggestIndex(values, labels, [1, 2, 3]);
    const want = rankByPrefix(
      values.map((value, i) => ({ value, label: labels[i]!, jobs: [1, 2, 3][i]! })),
      'haus',
      10,
    ).map(({ value, label }) => ({ value, label }));
    expect(want.map((s) => s.value)).toEqual(['haus-hausen', 'hausach', 'neuhaus']);
    // The first query marks its entities 1; the wrap-around must not find those marks current.
    expect(suggest(index, 'haus', 10)).toEqual(want);
    index.query = 0xffffffff - 1;
    for (let i = 0; i < 3; i++) {
      expect(suggest(index, 'haus', 10), `query ${index.query}`).toEqual(want);
      expect(rankedMatches(index, 'haus', 10), `query ${index.query}`).toEqual({ whole: [1, 0], inner: [2] });
    }
    // The same when the wrap-around falls on the matches of segments.ts.
    const other = buildSuggestIndex(values, labels, [1, 2, 3]);
    expect(rankedMatches(other, 'haus', 10)).toEqual({ whole: [1, 0], inner: [2] });
    other.query = 0xffffffff - 1;
    for (let i = 0; i < 2; i++) {
      expect(rankedMatches(other, 'haus', 10), `query ${other.query}`).toEqual({ whole: [1, 0], inner: [2] });
    }
  });
});

describe('compareStrings', () => {
  it('orders by code unit, and equal strings as equal', () => {
    expect([compareStrings('a', 'b'), compareStrings('b', 'a'), compareStrings('ab', 'ab')]).toEqual([-1, 1, 0]);
    expect([compareStrings('Z', 'a'), compareStrings('', 'a'), compareStrings('ä', 'b')]).toEqual([-1, -1, 1]);
  });
});
