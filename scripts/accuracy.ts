/**
 * Accuracy of the derived fields on the 54 real postings (test/fixtures/real-postings), scored
 * against expected.json — what a recruiter reading each posting says (written by hand from the
 * postings, not from this code's output). Prints accuracy per field, overall, and SEO precision
 * and recall. `npm run accuracy`.
 */
import { scoreRealPostings } from '../test/ingest/real-postings-score.js';

const report = scoreRealPostings();
const pct = (n: number, d: number): string => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
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
if (process.argv.includes('--misses'))
  for (const m of report.misses)
    console.log(`  line ${m.line} ${m.field}: expected ${m.expected}, got ${m.actual}  (${m.title})`);
