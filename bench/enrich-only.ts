/**
 * `npx tsx bench/enrich-only.ts <file.ndjson>`: validation + enrichment alone, in this process
 * (no store), for profiling (`node --cpu-prof --import tsx bench/enrich-only.ts …`). Prints
 * postings per second. Not a test: a measurement.
 */
import { readFileSync } from 'node:fs';
import { enrichRecord } from '../src/ingest/enrich.js';

const NOW = Date.UTC(2026, 10, 20);
const file = process.argv[2];
if (file === undefined) throw new Error('usage: bench/enrich-only.ts <file.ndjson>');
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l): unknown => JSON.parse(l));
const started = performance.now();
let ok = 0;
for (const record of records) if (enrichRecord(record, { source: 'bench', now: NOW }).ok) ok += 1;
const seconds = (performance.now() - started) / 1000;
console.log(
  `${records.length} records (${ok} enriched) in ${seconds.toFixed(2)} s: ${Math.round(records.length / seconds)}/s`,
);
