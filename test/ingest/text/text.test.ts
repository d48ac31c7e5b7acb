import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../src/ingest/text/entities.js';
import {
  contextOf,
  cutAtWord,
  REMOTE_TERMS,
  SALARY_TERMS,
  SEO_TERMS,
  summaryOf,
} from '../../../src/ingest/text/excerpt.js';
import { blocksText, descriptionBlocks } from '../../../src/ingest/text/html-to-text.js';
import { detectLanguage } from '../../../src/ingest/text/language.js';
import { findSkills } from '../../../src/ingest/classify/skills.js';

describe('descriptionBlocks', () => {
  it('turns HTML into paragraphs, list items and headings with entities decoded', () => {
    const html = `<div><p>Die LanguageTooler GmbH ist die Firma hinter
      <a href="https://languagetool.org/">languagetool.org</a> &amp; mehr.</p>
      <h2>Deine Aufgaben</h2><p><b>Was wir bieten</b></p>
      <ul><li>Planung von Kampagnen (z.&nbsp;B. Google Ads)</li><li>Gr&ouml;&szlig;e &#8211; &#x2713;</li></ul>
      <script>alert(1)</script></div>`;
    expect(descriptionBlocks(html)).toEqual([
      { text: 'Die LanguageTooler GmbH ist die Firma hinter languagetool.org & mehr.', heading: false },
      { text: 'Deine Aufgaben', heading: true },
      { text: 'Was wir bieten', heading: true },
      { text: 'Planung von Kampagnen (z. B. Google Ads)', heading: false },
      { text: 'Größe – ✓', heading: false },
    ]);
  });

  it('strips markdown markup: headings, bullets, quotes, emphasis, links and escapes', () => {
    const md =
      '### **IHRE AUFGABEN**\n\n* > Termingerechte **Abwicklung**\n* _\n- **Start:** ab sofort\nMail an [**office@x.at**](mailto:office@x.at) \\- danke\nDein Profil:\nKolleg:innen und Entwickler*innen';
    expect(descriptionBlocks(md)).toEqual([
      { text: 'IHRE AUFGABEN', heading: true },
      { text: 'Termingerechte Abwicklung', heading: false },
      { text: 'Start: ab sofort', heading: false },
      { text: 'Mail an office@x.at - danke', heading: false },
      { text: 'Dein Profil:', heading: true },
      { text: 'Kolleg:innen und Entwickler*innen', heading: false },
    ]);
  });

  it('joins blocks one per line', () => {
    expect(blocksText(descriptionBlocks('<p>a b</p><p>c</p>'))).toBe('a b\nc');
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(decodeEntities('M&uuml;nchen &euro; &#252; &#xFC; &bogus; &amp;amp;')).toBe('München € ü ü &bogus; &amp;');
  });
});

describe('summaryOf', () => {
  it('skips headings and key/value lines and cuts at a word boundary', () => {
    const blocks = descriptionBlocks(
      '## Details\n- **Start:** ab sofort\n- **Von:** iGrow e.U.\n## Beschreibung\n' +
        'iGrow ist eine performance-getriebene Online-Marketing-Agentur mit Sitz in Wien und Mali Lošinj (HR). ' +
        'Unser Fokus: Leads, Umsatz, Wachstum. Wir liefern Rankings & Pipeline – nicht Slides. Mit datenbasierten Strategien helfen wir B2B-Unternehmen.',
    );
    const summary = summaryOf(blocks, '');
    expect(summary.startsWith('iGrow ist eine performance-getriebene')).toBe(true);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(201);
  });

  it('uses the fallback text when there is no description', () => {
    expect(summaryOf([], 'Experiencia mínima en cocina, disponibilidad inmediata.')).toBe(
      'Experiencia mínima en cocina, disponibilidad inmediata.',
    );
  });

  it('cutAtWord leaves short text alone', () => {
    expect(cutAtWord('kurz', 10)).toBe('kurz');
    expect(cutAtWord('eins zwei drei vier', 12)).toBe('eins zwei…');
  });
});

describe('contextOf', () => {
  const blocks = descriptionBlocks(
    'Wir sind ein Team in Stuttgart. Du entwickelst SEO-Strategien mit Sistrix.\n' +
      '- Flexible Arbeitszeiten und Homeoffice-Möglichkeiten von bis zu 3 Tagen / Woche\n' +
      'Die Agency bietet ein Mindestgehalt von 21.000 € brutto p.a. mit Überzahlung.',
  );

  it('picks the sentences that mention each topic', () => {
    expect(contextOf(blocks, SEO_TERMS)).toBe('Du entwickelst SEO-Strategien mit Sistrix.');
    expect(contextOf(blocks, REMOTE_TERMS)).toBe(
      'Flexible Arbeitszeiten und Homeoffice-Möglichkeiten von bis zu 3 Tagen / Woche',
    );
    expect(contextOf(blocks, SALARY_TERMS)).toBe(
      'Die Agency bietet ein Mindestgehalt von 21.000 € brutto p.a. mit Überzahlung.',
    );
  });

  it('is empty when nothing matches, or the title when it does', () => {
    expect(contextOf([], SALARY_TERMS)).toBe('');
    expect(contextOf([], SALARY_TERMS, 'Buchhalter:in 40.000 € - 50.000 €, hybrid')).toBe(
      'Buchhalter:in 40.000 € - 50.000 €, hybrid',
    );
  });

  it('keeps a long sentence to a window around the match', () => {
    const long = `${'Wir bieten viele Dinge, '.repeat(20)}und ein Gehalt nach Tarif ${'sowie weitere Vorteile, '.repeat(10)}.`;
    const excerpt = contextOf(descriptionBlocks(long), SALARY_TERMS);
    expect(excerpt.length).toBeLessThanOrEqual(241);
    expect(excerpt).toContain('Gehalt nach Tarif');
    expect(excerpt.startsWith('…')).toBe(true);
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Du bist sicher mit Tools wie Sistrix und wir bieten dir ein tolles Team in der Stadt.', null, 'de'],
    ['Buscamos a una persona que dirija nuestra comunicación y que contribuya a la misión.', null, 'es'],
    ['We are looking for a person who will lead our SEO team and you will report to the CMO.', null, 'en'],
    ['Cocinero/a', 'ES', 'es'],
    ['Senior IT Project Manager', 'CH', 'de'],
    ['Senior IT Project Manager', 'US', 'en'],
    // Words are runs of letters: punctuation and digits separate them, longer words hold none.
    ['und/die;das 3der', 'US', 'de'],
    ['theatre andante isthmus forward', 'ES', 'es'],
    // Only the first 500 characters count.
    [`${'x'.repeat(499)} the and is with`, 'ES', 'es'],
  ])('detects %j', (text, country, language) => {
    expect(detectLanguage(text, country)).toBe(language);
  });
});

describe('findSkills', () => {
  const skills = (text: string) => findSkills(text, text.toLowerCase()).map((s) => s.slug);

  it('matches vocabulary terms as whole words, in vocabulary order', () => {
    expect(
      skills('Du bist sicher mit Tools wie Sistrix, Ahrefs, Screaming Frog & Co. und der Google Search Console'),
    ).toEqual(['sistrix', 'ahrefs', 'screaming-frog', 'google-search-console']);
    expect(skills('Erfahrung mit Python, SQL, C# und ASP.NET; Looker Studio')).toEqual([
      'looker-studio',
      'python',
      'csharp',
      'dotnet',
      'sql',
    ]);
  });

  it('does not match inside words or ordinary words in the wrong case', () => {
    expect(skills('Wir reagieren schnell: react to excellent javascripts, sapphire, excelente')).toEqual([]);
    expect(skills('Sehr gute Excel-Kenntnisse, SAP und React')).toEqual(['react', 'excel', 'sap']);
  });
});
