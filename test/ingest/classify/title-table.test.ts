import { describe, expect, it } from 'vitest';
import { classifyEmploymentType, classifySeniority } from '../../../src/ingest/classify/classify-employment.js';
import { classifyPosition } from '../../../src/ingest/classify/classify-position.js';
import { classifySeo } from '../../../src/ingest/classify/classify-seo.js';
import { TITLE_TABLE } from './title-table.js';

/** What the enrichment reads from a title alone (no description, no structured fields). */
function fromTitle(title: string): [string, string | null, boolean] {
  const lower = title.toLowerCase();
  const employmentType = classifyEmploymentType({ title: lower, types: [], workHours: null, text: '' });
  const seniority = classifySeniority({ title: lower, employmentType, experience: null, text: '' });
  const { position, isSeo } = classifyPosition(title);
  return [position.slug, seniority, isSeo || classifySeo({ title, text: '' }).isSeo];
}

describe('the title table (real-world titles in de/es/en)', () => {
  it('holds at least 150 titles, SEO ones and hard negatives', () => {
    expect(TITLE_TABLE.length).toBeGreaterThanOrEqual(150);
    expect(TITLE_TABLE.filter((r) => r[3]).length).toBeGreaterThanOrEqual(60);
    expect(TITLE_TABLE.filter((r) => !r[3]).length).toBeGreaterThanOrEqual(60);
  });

  it.each(TITLE_TABLE.map((r) => [r[0], r] as const))('reads %j', (title, [, position, seniority, seo]) => {
    expect(fromTitle(title)).toEqual([position, seniority, seo]);
  });
});
