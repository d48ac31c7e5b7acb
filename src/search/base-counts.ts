import type { Engine } from './engine.js';
import { countFacets, FACET_KEYS, type Base } from './facet-count.js';
import type { Clause } from './filter.js';
import type { DocSet } from './postings/doc-set.js';
import { countAtLeast } from './remote.js';
import { runSteps, type Steps } from './steps.js';

/** A clause set gets precomputed facet counts when it holds more than n / BASE_RATIO documents. */
const BASE_RATIO = 16;
/** At most this many precomputed sets (the largest), each one counter per facet value. */
const MAX_BASES = 64;

/**
 * Facet counts precomputed for the large single-filter sets (a work model, SEO yes, a country, a
 * remote-share threshold, ...), keyed like `Clause.base`. A filter made of one such clause is
 * answered from them; a larger filter counts only `base \ matches` (and subtracts) when that is
 * smaller than the matches, the way "all documents" serves as a base for the complement.
 * @example buildBases(engine).get('workModel:2')?.counts.total // jobs with that work model
 */
export function buildBases(e: Engine): Map<string, Base> {
  return runSteps(buildBasesSteps(e));
}

/** `buildBases` in steps (steps.ts): a step per base counted. */
export function* buildBasesSteps(e: Engine): Steps<Map<string, Base>> {
  const candidates: { key: string; set: () => DocSet; size: number }[] = [];
  const add = (key: string, size: number, set: () => DocSet): void => {
    if (size * BASE_RATIO > e.n) candidates.push({ key, set, size });
  };
  for (const [facet, column] of Object.entries(e.columns)) {
    column.postings.forEach((p, code) => {
      add(`${facet}:${code}`, p.size, () => p);
    });
  }
  for (const [facet, list] of Object.entries(e.lists)) {
    list.postings.forEach((p, code) => {
      add(`${facet}:${code}`, p.size, () => p);
    });
  }
  for (const v of new Set(e.remote.descValues)) {
    const size = countAtLeast(e.remote, v);
    add(`remote:${size}`, size, () => remoteSet(e, size));
  }
  candidates.sort((a, b) => b.size - a.size);
  const bases = new Map<string, Base>();
  for (const c of candidates.slice(0, MAX_BASES)) {
    const set = c.set();
    if (set.kind !== 'bits' || bases.has(c.key)) continue;
    bases.set(c.key, { words: set.words, counts: countFacets(e, set, FACET_KEYS, null) });
    yield;
  }
  return bases;
}

function remoteSet(e: Engine, size: number): DocSet {
  const words = new Uint32Array((e.n + 31) >>> 5);
  const desc = e.remote.desc;
  for (let i = 0; i < size; i++) words[desc[i]! >>> 5]! |= 1 << (desc[i]! & 31);
  return { kind: 'bits', words, size };
}

/** The bases that contain every document of the clauses' intersection: all, and each clause's own. */
export function basesFor(all: Base, bases: ReadonlyMap<string, Base>, clauses: readonly Clause[]): Base[] {
  const out = [all];
  for (const c of clauses) {
    const b = c.base === null ? undefined : bases.get(c.base);
    if (b) out.push(b);
  }
  return out;
}
