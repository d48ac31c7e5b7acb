import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, parsedHtmlToMarkdown, simpleHtmlToMarkdown } from '../../../src/ingest/text/html-to-text.js';

/** Tags the simple conversion knows, a few it leaves to the parser, and shapes of tags around them. */
const NAMES = ['p', 'P', 'div', 'ul', 'ol', 'li', 'h2', 'H3', 'b', 'strong', 'em', 'i', 'span', 'a', 'br', 'hr'];
const OTHER_NAMES = ['table', 'tr', 'td', 'th', 'thead', 'tbody', 'dl', 'dt', 'dd', 'section', 'font', 'sub'];
const FOREIGN = ['script', 'style', 'title', 'svg', 'form', 'img', 'image', 'select', 'pre', 'textarea', 's', 'u'];

function tagOf(names: readonly string[], attributes: readonly string[], ends: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom('<', '</'),
      fc.constantFrom(...attributes),
      fc.constantFrom(...ends),
    )
    .map(([name, start, attribute, end]) => `${start}${name}${attribute}${end}`);
}

const SIMPLE_ATTRIBUTES = ['', '', '', ' class="x"', " href='https://a.example/?q=1&amp;r=2'", ' data-x="a>b"', '\n'];
const SIMPLE_ENDS = ['>', '>', '>', '/>', ' />'];
const simpleTag = fc.oneof(
  tagOf([...NAMES, ...OTHER_NAMES], SIMPLE_ATTRIBUTES, SIMPLE_ENDS).filter((t) => !t.startsWith('</')),
  fc.constantFrom(...NAMES, ...OTHER_NAMES).map((name) => `</${name}>`),
);
const anyTag = tagOf(
  [...NAMES, ...OTHER_NAMES, ...FOREIGN],
  [...SIMPLE_ATTRIBUTES, ' x=y', ' x', ' a="1"b="2"'],
  [...SIMPLE_ENDS, ' >'],
);

const SIMPLE_TEXT = [
  'Wir suchen',
  ' ',
  '  \n\t ',
  'Aufgaben:',
  '80',
  '% Remote',
  'a &amp; b',
  'a & b',
  '\u00a0',
  '- item',
  '**fett**',
  '&nbsp;',
  ' &nbsp; ',
  'x&nbsp;\n',
  '&#x26;',
  '&#X26;',
  '&#38;',
  '&#8211;',
  '&auml;',
  '&Auml;',
  '&#10;',
  '&#x20;',
  '&#128;',
  '&#x1F600;',
  '&emsp;',
  '&lt;',
];
const simpleText = fc.constantFrom(...SIMPLE_TEXT);
const anyText = fc.constantFrom(
  ...SIMPLE_TEXT,
  'R&D',
  '&amp',
  '&auml',
  '&nbspx;',
  '&notit;',
  '&Amp;',
  '&#0;',
  '&#xD800;',
  '&#1114112;',
  '&NotEqualTilde;',
  '&unknown;',
  '&#;',
  '&',
  ' 1 < 2 ',
  '<',
  '<!-- x -->',
  '<![CDATA[x]]>',
);

/** Mostly HTML of the simple kind (so that the comparison runs), sometimes anything. */
const html = fc
  .oneof(
    {
      weight: 3,
      arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: simpleTag }, { weight: 2, arbitrary: simpleText }), {
        maxLength: 30,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof({ weight: 3, arbitrary: anyTag }, { weight: 2, arbitrary: anyText }), {
        maxLength: 30,
      }),
    },
  )
  .map((parts) => parts.join(''));

describe('simpleHtmlToMarkdown', () => {
  it('gives what the parser gives whenever it takes the HTML', () => {
    let taken = 0;
    fc.assert(
      fc.property(html, (input) => {
        const simple = simpleHtmlToMarkdown(input);
        if (simple !== null) {
          taken += 1;
          expect(simple).toBe(parsedHtmlToMarkdown(input));
        }
        expect(htmlToMarkdown(input)).toBe(parsedHtmlToMarkdown(input));
      }),
      { numRuns: 5000 },
    );
    // The comparison means something only if the simple conversion takes a fair share of inputs.
    expect(taken).toBeGreaterThan(3000);
  });

  it('takes the plain HTML feeds send, and leaves the rest to the parser', () => {
    const plain =
      '<h3>Dein Profil</h3><ul><li>SEO &amp; SEA</li><li>Text & Daten <b>Erfahrung</b><br/>in Berlin</li></ul><p class="x">Jetzt bewerben!</p>';
    expect(simpleHtmlToMarkdown(plain)).toBe(
      '\n## Dein Profil\n\n\n- SEO & SEA\n\n- Text & Daten **Erfahrung**\n\nin Berlin\n\n\nJetzt bewerben!\n',
    );
    expect(simpleHtmlToMarkdown(plain)).toBe(parsedHtmlToMarkdown(plain));
    for (const taken of ['<p>Gr&ouml;&szlig;e&nbsp;&#x26;&#8211;</p>', '<li>a &nbsp; b</li>']) {
      expect(simpleHtmlToMarkdown(taken)).not.toBeNull();
      expect(simpleHtmlToMarkdown(taken)).toBe(parsedHtmlToMarkdown(taken));
    }
    // "a &nbsp; b": the reference is a text of its own, so three spaces (collapsed apart), not one.
    expect(simpleHtmlToMarkdown('<li>a &nbsp; b</li>')).toBe('\n- a   b\n');
    for (const other of [
      '<p>Gr&ouml&szlig;e</p>',
      '<p>a &notit; b</p>',
      '<p>a<!-- b --></p>',
      '<script>x</script>',
      '<p>1 < 2</p>',
      '<img src="x">',
    ])
      expect(simpleHtmlToMarkdown(other)).toBeNull();
  });
});
