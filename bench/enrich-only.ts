/**
 * `npx tsx bench/enrich-only.ts <file.ndjson>`: validation + enrichment alone, in this process
 * (no store), for profiling (`node --cpu-prof --import tsx bench/enrich-only.ts …`). Prints
 * postings per second. Not a test: a measurement.
 */
import { readFileSync } from 'node:fs';
import { recordToJob } from '../src/ingest/record-to-job.js';

const NOW = Date.UTC(2026, 10, 20);
const file = process.argv[2];
if (file === undefined) throw new Error('usage: bench/enrich-only.ts <file.ndjson>');
const records = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l): unknown => JSON.parse(l));
const started = performance.now();
const cpu = process.cpuUsage();
let ok = 0;
for (const record of records) if (recordToJob(record, { source: 'bench', now: NOW }).ok) ok += 1;
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
// CPU time is the steadier figure on a shared machine; wall time is what an import waits.
const cpuSeconds = (used.user + used.system) / 1e6;
console.log(
  `${records.length} records (${ok} enriched): ${seconds.toFixed(2)} s wall, ${Math.round(records.length / seconds)}/s; ` +
    `${cpuSeconds.toFixed(2)} s CPU, ${Math.round(records.length / cpuSeconds)}/s of CPU`,
);
