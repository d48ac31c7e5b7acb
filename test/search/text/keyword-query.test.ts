import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import type { Language } from '../../../src/domain/vocab.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { MAX_PREFIX_TERMS, suggestionBudget } from '../../../src/search/text/keyword-query.js';
import { SearchIndex } from '../../../src/search/segments/search-index.js';
import { SegmentSet } from '../../../src/search/segments/segment-set.js';
import { job } from '../../builders.js';
import { NOW, ids, indexOf } from '../helpers.js';

/** A posting whose only words are `text`, in `language`. */
function posting(boardId: string, text: string, language: Language = 'en'): Job {
  return job({ boardId, title: text, searchText: text, language, skills: [] });
}

describe('did you mean', () => {
  it('allows no edit below 4 letters, one from 4, two from 7', () => {
    expect([0, 3, 4, 6, 7, 12].map(suggestionBudget)).toEqual([0, 0, 1, 1, 2, 2]);
    const index = indexOf([posting('1', 'Analyst'), posting('2', 'SEO')]);
    const mean = (keywords: string) => index.didYouMean({ keywords, typos: false });
    expect(mean('anelyts')).toBe('analyst'); // 7 letters, two edits (a substitution, a transposition)
    expect(mean('anelys')).toBeNull(); // 6 letters, two edits
    expect(mean('analst')).toBe('analyst'); // 6 letters, one edit (not a prefix, which would find it)
    expect(mean('seoo')).toBe('seo'); // 4 letters, one edit
    expect(mean('sep')).toBeNull(); // 3 letters, one edit
  });

  it('takes the word of the most jobs, and of two as many the first in alphabetical order, in any language', () => {
    // "maxer" is one edit from "maker" and from "maler"; the languages are searched German first.
    const tie = (de: string, en: string) =>
      indexOf([posting('1', de, 'de'), posting('2', en, 'en')]).didYouMean({ keywords: 'maxer', typos: false });
    expect(tie('Maler', 'Maker')).toBe('maker'); // found second, first in order
    expect(tie('Maker', 'Maler')).toBe('maker'); // found first, first in order
    const more = indexOf([posting('1', 'Maker', 'de'), posting('2', 'Maler', 'en'), posting('3', 'Maler', 'en')]);
    expect(more.didYouMean({ keywords: 'maxer', typos: false })).toBe('maler');
    // The word of more jobs found first stays, though one found after it comes first in order.
    const first = indexOf([posting('1', 'Maler', 'de'), posting('2', 'Maler', 'de'), posting('3', 'Maker', 'en')]);
    expect(first.didYouMean({ keywords: 'maxer', typos: false })).toBe('maler');
  });

  it('keeps a word one of whose keys is indexed, and corrects the others', () => {
    // "bäcker" is looked up as "bäcker", "baecker" and "backer": the posting spells it "Baecker"
    // alone, one edit from "backer"; "frontnd" is one edit from "frontend".
    const index = indexOf([posting('1', 'Baecker Frontend', 'de')]);
    expect(index.didYouMean({ keywords: 'bäcker frontnd', typos: false })).toBe('bäcker frontend');
  });
});

/** A base of `base` and one delta segment of `delta` (upserts). */
function segmented(base: Job[], delta: Job[]) {
  const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS };
  return SegmentSet.of(SearchIndex.build(base, { ...options, now: NOW }), options)
    .apply(
      delta.map((j) => ({ kind: 'upsert' as const, job: j })),
      NOW,
    )
    .reader();
}

describe('did you mean over segments', () => {
  it('counts the jobs of a word over every segment', () => {
    // "maker" is in two postings of the base; "maler" in one of the base and two of the delta.
    const base = [posting('1', 'Maker'), posting('2', 'Maker'), posting('3', 'Maler')];
    const delta = [posting('4', 'Maler'), posting('5', 'Maler')];
    const filter = { keywords: 'maxer', typos: false };
    expect(indexOf([...base, ...delta]).didYouMean(filter)).toBe('maler');
    expect(segmented(base, delta).didYouMean(filter)).toBe('maler');
  });

  it('keeps a word known in any one segment', () => {
    // "maler" is only in the delta, one edit from the base's "maker"; "analst" is one edit from
    // the delta's "analyst".
    const index = segmented([posting('1', 'Maker Backend')], [posting('2', 'Analyst Maler')]);
    expect(index.didYouMean({ keywords: 'maler analst', typos: false })).toBe('maler analyst');
  });
});

describe('a prefix over segments', () => {
  it('expands to the most frequent words over every segment, as one index over the same postings', () => {
    // More words begin "pref" than a prefix expands to. "prefz" is in one posting of the base and
    // ten of the delta: among the most frequent over both, though the rarest of the base alone.
    const letters = 'bcdfghjklmnprtvwx'.split('');
    expect(letters.length).toBeGreaterThan(MAX_PREFIX_TERMS);
    const base = [
      ...letters.flatMap((l, i) => [posting(`b${i}a`, `pref${l}`), posting(`b${i}b`, `pref${l}`)]),
      posting('bz', 'prefz'),
    ];
    const delta = Array.from({ length: 10 }, (_, i) => posting(`d${i}`, 'prefz'));
    const index = segmented(base, delta);
    const one = indexOf([...base, ...delta]);
    const filter = { keywords: 'pref', typos: false };
    // prefz (11) and the first 15 of the others by stem, two postings each.
    expect(one.count(filter)).toBe(11 + (MAX_PREFIX_TERMS - 1) * 2);
    expect(index.count(filter)).toBe(one.count(filter));
    const page = { filter, sort: 'relevance' as const, order: 'desc' as const, page: 1, perPage: 100 };
    expect(ids(index.list(page)).sort()).toEqual(ids(one.list(page)).sort());
  });
});
