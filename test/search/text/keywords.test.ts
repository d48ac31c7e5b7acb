import { describe, expect, it } from 'vitest';
import { job } from '../../builders.js';
import { ids, indexOf } from '../helpers.js';

describe('the keyword index', () => {
  it('finds every word, with its count in the document, past its first capacity of terms and of terms in one document', () => {
    // The builder starts with room for 1,024 terms and 1,024 distinct terms per document: three
    // documents of 1,500 words of their own (each twice) and 1,100 shared ones make it grow both,
    // in the middle of the first two documents. Each document's words begin with a word of its
    // own, more than two typos away from the others'. "zulu" is counted before the growth and once
    // after it: 4, 2 and 3 times in documents of the same length ("yankee" fills), so relevance
    // ranks them 1, 3, 2 (a count lost at the growth, or a word counted twice as if new, would not).
    const PREFIX = ['alpha', 'bravo', 'charlie'];
    const own = (i: number) => Array.from({ length: 1_500 }, (_, k) => `${PREFIX[i]}${k} ${PREFIX[i]}${k}`);
    const shared = Array.from({ length: 1_100 }, (_, k) => `s${k}`);
    const zulus = (r: number) => Array.from({ length: r }, () => 'zulu');
    const fillers = (r: number) => Array.from({ length: r }, () => 'yankee');
    const jobs = [0, 1, 2].map((i) =>
      job({
        boardId: String(i + 1),
        title: 'Koch',
        searchText: [
          ...zulus([3, 1, 2][i]!),
          ...own(i),
          ...shared,
          'zulu',
          ...fillers([0, 2, 1][i]!),
          // First seen past the first 1,024 terms, in the first and third documents only (once and
          // three times): relevance ranks them 3, 1 only if the counts of such a term are kept.
          ...Array.from({ length: [1, 0, 3][i]! }, () => 'xray'),
          // The second document also has the first one's words, once each: relevance ranks it second.
          ...(i === 1 ? Array.from({ length: 1_500 }, (_, k) => `alpha${k}`) : []),
        ].join(' '),
      }),
    );
    // And 100 short documents, so that these words' posting lists are id lists, not bitsets.
    const others = Array.from({ length: 100 }, (_, i) =>
      job({ boardId: String(100 + i), title: 'Bäcker', searchText: '' }),
    );
    const index = indexOf([...jobs, ...others]);
    // Typo tolerance off: a typo lookup measures every word of the same first letter (thousands
    // here), which made the test take minutes under the mutation runner's instrumentation.
    const list = (q: string, sort: 'date' | 'relevance' = 'date') =>
      index.list({ filter: { keywords: q, typos: false }, sort, order: 'desc', page: 1, perPage: 20 });
    for (let k = 0; k < 1_500; k++) expect(ids(list(`alpha${k}`, 'relevance')), `alpha${k}`).toEqual(['1', '2']);
    for (const i of [1, 2]) {
      for (let k = 0; k < 1_500; k++) {
        const word = `${PREFIX[i]}${k}`;
        if (index.count({ keywords: word, typos: false }) !== 1) expect(ids(list(word)), word).toEqual([String(i + 1)]);
      }
    }
    for (const k of [0, 1_023, 1_024, 1_025, 1_499]) {
      for (const i of [1, 2]) expect(ids(list(`${PREFIX[i]}${k}`)), `${PREFIX[i]}${k}`).toEqual([String(i + 1)]);
    }
    for (let k = 0; k < 1_100; k++) expect(index.count({ keywords: `s${k}`, typos: false }), `s${k}`).toBe(3);
    expect(ids(list('koch')).sort()).toEqual(['1', '2', '3']);
    expect(index.count({ keywords: 'charlie1499 s1099', typos: false })).toBe(1);
    const zulu = list('zulu', 'relevance');
    expect([zulu.total, ids(zulu)]).toEqual([3, ['1', '3', '2']]);
    const xray = list('xray', 'relevance');
    expect([xray.total, ids(xray)]).toEqual([2, ['3', '1']]);
  });

  it('scores a word found in every document once per document, whatever the number of documents', () => {
    // A word in every document is kept as a bitset; at 64 and 96 documents the last document is
    // the bitset's last bit. Equal texts score equally, so relevance lists them in board-id
    // order (a document visited twice, or one past the last, would rank first).
    for (const size of [31, 32, 64, 96]) {
      const jobs = Array.from({ length: size }, (_, i) =>
        job({ boardId: String(i + 1), title: 'Engineer Berlin', searchText: 'Cloud' }),
      );
      const index = indexOf(jobs);
      const page = index.list({
        filter: { keywords: 'engineer', typos: false },
        sort: 'relevance',
        order: 'desc',
        page: Math.ceil(size / 20),
        perPage: 20,
      });
      const last = Array.from({ length: size }, (_, i) => String(i + 1)).slice((Math.ceil(size / 20) - 1) * 20);
      expect([page.total, ids(page)], `${size} documents`).toEqual([size, last]);
    }
  });

  it('indexes a posting of a language it has no word forms for as English', () => {
    // The store only holds the three languages, but a record written by another release could
    // name another one: it is searched with English stems rather than not at all.
    const jobs = [
      job({ boardId: '1', title: 'Engineers wanted', language: 'fr' as never }),
      job({ boardId: '2', title: 'Koch', language: 'de' }),
    ];
    const index = indexOf(jobs);
    expect(index.count({ keywords: 'engineer', typos: false })).toBe(1);
    expect(index.count({ keywords: 'wanting', typos: false })).toBe(1);
  });
});
