/**
 * `npx tsx bench/html-to-text.ts [--count 20000] [--seed 7]`: description HTML to markdown, the
 * parser's conversion (htmlparser2) against the plain-HTML path, on the demo generator's postings,
 * three rounds alternating, in this process: CPU µs a description, and how many took the plain
 * path (the rest would go to the parser). Checks that both give the same text. Not a test: a
 * measurement.
 */
import { generatePostings } from '../src/demo/generate.js';
import { parsedHtmlToMarkdown, simpleHtmlToMarkdown } from '../src/ingest/text/html-to-text.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const count = Number(arg('count', '20000'));
const seed = Number(arg('seed', '7'));
const descriptions: string[] = [];
for (const p of generatePostings({ count, seed, now: Date.UTC(2026, 10, 20) }))
  if (typeof p['description'] === 'string') descriptions.push(p['description']);

let plain = 0;
for (const d of descriptions) {
  const simple = simpleHtmlToMarkdown(d);
  if (simple === null) continue;
  plain += 1;
  if (simple !== parsedHtmlToMarkdown(d)) throw new Error(`the two conversions differ on: ${d.slice(0, 200)}`);
}
console.log(`${descriptions.length} descriptions, ${plain} of them plain HTML (the same text either way)`);

const ways: [string, (html: string) => string][] = [
  ['parser', parsedHtmlToMarkdown],
  ['plain path', (html) => simpleHtmlToMarkdown(html) ?? parsedHtmlToMarkdown(html)],
];
for (let round = 1; round <= 3; round++)
  for (const [name, convert] of ways) {
    const cpu = process.cpuUsage();
    let chars = 0;
    for (const d of descriptions) chars += convert(d).length;
    const used = process.cpuUsage(cpu);
    const micros = (used.user + used.system) / descriptions.length;
    console.log(`round ${round}, ${name}: ${micros.toFixed(1)} µs CPU a description (${chars} characters out)`);
  }
