import { describe, expect, it } from 'vitest';
import { cleanTitle } from '../../../src/domain/clean-title.js';
import { classifyPosition } from '../../../src/ingest/classify/classify-position.js';

describe('cleanTitle: edge cases of the cleaning steps', () => {
  it('takes the words after a gender tag when only role words stand before it, also after a colon', () => {
    expect(cleanTitle('Werkstudent (m/w/d) SEO-Texter')).toBe('SEO-Texter');
    expect(cleanTitle('Werkstudent (m/w/d): SEO-Texter')).toBe('SEO-Texter');
    expect(cleanTitle('Praktikum (m/w/d) - Online Marketing')).toBe('Online Marketing');
  });

  it('leaves one space where a role word stood inside the title', () => {
    expect(cleanTitle('SEO Senior Manager (m/w/d)')).toBe('SEO Manager');
  });

  it('cuts at the first of the posting localities, whatever their order', () => {
    expect(cleanTitle('SEO Manager Hamburg Berlin', ['Hamburg', 'Berlin'])).toBe('SEO Manager');
    expect(cleanTitle('SEO Manager Hamburg Berlin', ['Berlin', 'Hamburg'])).toBe('SEO Manager');
  });

  it('lower-cases a shouted title of more than three letters only', () => {
    expect(cleanTitle('SEO')).toBe('SEO');
    expect(cleanTitle('SEO (m/w/d)')).toBe('SEO');
    expect(cleanTitle('BUCHHALTER (M/W/D)')).toBe('Buchhalter');
  });
});

describe('classifyPosition: fallbacks', () => {
  it('gives the "other" position, never the title, when cleaning leaves no role', () => {
    expect(classifyPosition('Werkstudent (m/w/d)').position).toEqual({ slug: 'sonstige', name: 'Sonstige' });
    expect(classifyPosition('  werkstudent  ').position).toEqual({ slug: 'sonstige', name: 'Sonstige' });
  });

  it('marks an SEO position of the table as SEO also when the title does not say "SEO"', () => {
    expect(classifyPosition('Head of Search (m/w/d)')).toEqual({
      position: { slug: 'head-of-seo', name: 'Head of SEO' },
      isSeo: true,
    });
  });
});
