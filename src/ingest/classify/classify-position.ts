/**
 * Position from a job title: the title is cleaned (gender tags, seniority and employment words,
 * location, salary, percentage and work-model tails removed), then mapped to a canonical position
 * (src/domain/positions.ts) or, when none fits, kept as the cleaned title.
 */
import type { Named } from '../../domain/job.js';
import { stripAccents, toSlug } from '../../domain/text-fold.js';
import { cleanTitle, displayCase } from '../../domain/clean-title.js';
import { titleNamesSeo } from './classify-seo.js';
import { CANONICAL_POSITIONS } from '../../domain/positions.js';

export interface PositionResult {
  position: Named;
  isSeo: boolean;
}

/** Canonical position (or the cleaned title) and whether the title alone makes it an SEO role (see classify-seo.ts). */
export function classifyPosition(title: string, localities: readonly string[] = []): PositionResult {
  const cleaned = cleanTitle(title, localities);
  const folded = stripAccents(cleaned);
  const canonical = CANONICAL_POSITIONS.find((c) => c.pattern.test(folded));
  const name = canonical?.name ?? (cleaned === '' ? displayCase(title.trim()) : cleaned);
  const isSeo = (canonical?.seo ?? false) || titleNamesSeo(title);
  return { position: { slug: toSlug(name), name }, isSeo };
}
