import { describe, expect, it } from 'vitest';
import { classifySeo, titleNamesSeo } from '../../../src/ingest/classify/classify-seo.js';

// classifySeo on its own. Its callers (enrichPosting, the title table) ask it only after the title
// alone was not SEO (`titleNamesSeo`), so its first step is reached only from here.

const seo = (title: string, text = '') => classifySeo({ title, text });

describe('classifySeo: the title steps', () => {
  it('reads a title that names SEO as SEO, whatever the text', () => {
    expect(seo('SEO Manager (m/w/d)')).toEqual({ isSeo: true, step: 'title' });
    expect(seo('Suchmaschinenoptimierer', 'Google Ads, SEA, PPC, Newsletter')).toEqual({ isSeo: true, step: 'title' });
    expect(seo('Especialista en Posicionamiento Web')).toEqual({ isSeo: true, step: 'title' });
    expect(seo('SEO/SEA Manager')).toEqual({ isSeo: true, step: 'title' });
    expect(titleNamesSeo('Head of SEO')).toBe(true);
    expect(titleNamesSeo('Head of Marketing')).toBe(false);
  });

  it('reads a title of another discipline as not SEO, even with a text full of SEO', () => {
    const text = 'SEO, SEO, SEO, organic traffic, organic rankings, backlinks, keyword research.';
    expect(seo('SEA Manager', text)).toEqual({ isSeo: false, step: 'other-title' });
    // "Performance Marketing" is also of the marketing family: the discipline decides first.
    expect(seo('Performance Marketing Manager', text)).toEqual({ isSeo: false, step: 'other-title' });
    expect(seo('Social Media Redakteur', text)).toEqual({ isSeo: false, step: 'other-title' });
  });

  it('reads a title outside the marketing, content and web family as not SEO, even with a text full of SEO', () => {
    const text = 'SEO, SEO, SEO, organic traffic, organic rankings, backlinks, keyword research.';
    expect(seo('Softwareentwickler Java', text)).toEqual({ isSeo: false, step: 'not-family' });
    expect(seo('Pflegefachkraft', text)).toEqual({ isSeo: false, step: 'not-family' });
  });
});

describe('classifySeo: the text step (a family title)', () => {
  const title = 'Online Marketing Manager (m/w/d)';

  it('needs a weight of at least 6: strong SEO terms count 2, craft words 1', () => {
    // 3 strong = 6.
    expect(seo(title, 'Du verantwortest SEO und den organic traffic. SEO ist dein Thema.')).toEqual({
      isSeo: true,
      step: 'text',
    });
    // 2 strong + 1 weak = 5.
    expect(seo(title, 'Erfahrung mit SEO und organic search, gern auch Backlinks.')).toEqual({
      isSeo: false,
      step: 'text',
    });
    // 2 strong + 3 weak = 7 (the craft words add, they do not subtract).
    expect(seo(title, 'SEO, organic traffic, Rankings, Backlinks und Keyword-Research.')).toEqual({
      isSeo: true,
      step: 'text',
    });
    // 6 weak = 6.
    expect(seo(title, 'Rankings, Backlinks, Sistrix, Ahrefs, Search Console, Core Web Vitals').isSeo).toBe(true);
    expect(seo(title, 'Rankings, Backlinks, Sistrix, Ahrefs, Search Console').isSeo).toBe(false);
    expect(seo(title, '')).toEqual({ isSeo: false, step: 'text' });
  });

  it('needs the SEO weight to be at least twice the other disciplines', () => {
    const six = 'SEO, SEO und SEO.';
    expect(seo(title, `${six} Dazu SEA, PPC und Newsletter.`).isSeo).toBe(true); // 6 against 3
    expect(seo(title, `${six} Dazu SEA, PPC, Newsletter und Affiliate.`).isSeo).toBe(false); // 6 against 4
  });

  it('counts every occurrence, accent- and case-insensitively, and gives the same answer twice', () => {
    const text = 'Posicionamiento web, búsqueda orgánica y tráfico orgánico.';
    expect(seo('Redactor de contenidos', text)).toEqual({ isSeo: true, step: 'text' });
    expect(seo('Redactor de contenidos', text)).toEqual({ isSeo: true, step: 'text' });
    expect(seo('Redactor de contenidos', 'Posicionamiento web y búsqueda orgánica.').isSeo).toBe(false);
  });
});
