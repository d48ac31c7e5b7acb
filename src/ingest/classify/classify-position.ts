/**
 * Position from a job title: the title is cleaned (gender tags, seniority and employment words,
 * location, salary, percentage and work-model tails removed), then mapped to a canonical position
 * (src/domain/positions.ts); when none fits, to the "other" position — a raw title is never a position.
 */
import type { Named } from '../../domain/job.js';
import { stripAccents, toSlug } from '../../domain/text-fold.js';
import { cleanTitle } from '../../domain/clean-title.js';
import { titleNamesSeo } from './classify-seo.js';
import { CANONICAL_POSITIONS, OTHER_POSITION } from '../../domain/positions.js';

export interface PositionResult {
  position: Named;
  isSeo: boolean;
}

/** A title that names SEO as the focus of a broader role ("Online Marketing Manager – Schwerpunkt SEO"). */
const SEO_FOCUS = /\b(?:schwerpunkte?|fokus|focus(?: on)?|enfoque|especializad[oa] en)\b\W{0,3}(?:auf\s+)?seo\b/;
const SEO_MANAGER = CANONICAL_POSITIONS.find((c) => c.name === 'SEO Manager');
/** Gender endings of a whole title ("Buchhalter:in", "Camarero/a"), removed before it is matched. */
const GENDER_ENDING = /(?<=\p{L})(?:[:*_/](?:innen|in|r|a|as|o|os|es)|\((?:innen|in|r|e|n|a)\))(?![\p{L}\p{N}])/giu;

/**
 * Canonical position and whether the title alone makes it an SEO role (see classify-seo.ts). The
 * cleaned title is tried first, then the whole title (a role cut off as a tail, "Ab sofort: Minijob
 * in der Personalabteilung"); a title neither names is OTHER_POSITION, never itself.
 */
export function classifyPosition(title: string, localities: readonly string[] = []): PositionResult {
  const cleaned = cleanTitle(title, localities);
  const folded = stripAccents(cleaned);
  const whole = stripAccents(title.replace(GENDER_ENDING, ''));
  const canonical =
    (SEO_FOCUS.test(whole) ? SEO_MANAGER : undefined) ??
    CANONICAL_POSITIONS.find((c) => c.pattern.test(folded)) ??
    CANONICAL_POSITIONS.find((c) => c.pattern.test(whole)) ??
    OTHER_POSITION;
  const name = canonical.name;
  const isSeo = canonical.seo || titleNamesSeo(title);
  return { position: { slug: toSlug(name), name }, isSeo };
}
