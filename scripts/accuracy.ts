/**
 * Accuracy of the derived fields on the real postings (test/fixtures/real-postings), scored against
 * expected.json — what a recruiter reading each posting says (written by hand from the postings, not
 * from this code's output). Reports the tuned part and the held-out third (held-out.json, drawn
 * before the rules were tuned) apart: postings per country and language, accuracy per field,
 * overall, SEO precision and recall, stated salaries right. `npm run accuracy [-- --misses]`.
 */
import { enrichRealPostings, scoreRealPostings, type Part } from '../test/ingest/real-postings-score.js';

const jobs = enrichRealPostings();
const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const counts = (c: Record<string, number>): string =>
  Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

for (const part of ['tuned', 'held-out'] as Part[]) {
  const report = scoreRealPostings(jobs, part);
  console.log(`\n== ${part}: ${report.postings} postings (${report.rejected} rejected at import)`);
  console.log(`   countries: ${counts(report.countries)}`);
  console.log(`   languages: ${counts(report.languages)}`);
  console.log('field               right / total   accuracy');
  for (const f of report.fields)
    console.log(
      `${f.field.padEnd(20)}${String(f.right).padStart(5)} / ${String(f.total).padEnd(8)}${pct(f.right, f.total)}`,
    );
  console.log(
    `${'all derived values'.padEnd(20)}${String(report.right).padStart(5)} / ${String(report.total).padEnd(8)}${pct(report.right, report.total)}`,
  );
  console.log(
    `SEO flag: precision ${pct(report.seo.tp, report.seo.tp + report.seo.fp)}, recall ${pct(report.seo.tp, report.seo.tp + report.seo.fn)} (tp ${report.seo.tp}, fp ${report.seo.fp}, fn ${report.seo.fn})`,
  );
  console.log(`stated salaries right: ${report.salaries.right} / ${report.salaries.stated}`);
  if (process.argv.includes('--misses') && (part === 'tuned' || process.argv.includes('--held-out-misses')))
    for (const m of report.misses)
      console.log(`  line ${m.line} ${m.field}: expected ${m.expected}, got ${m.actual}  (${m.title})`);
}
