/**
 * `npx tsx bench/thread-handoff.ts [--count 10000] [--rounds 7]`: what handing NDJSON postings to
 * an enrichment thread costs, all threads' CPU (process.cpuUsage): parsed in this thread and
 * copied as objects, or copied as text and parsed in the thread (run-import.ts with threads),
 * in chunks of 200, alternated round by round; medians. Not a test: a measurement.
 */
import { Worker } from 'node:worker_threads';
import { generatePostings } from '../src/demo/generate.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const count = Number(arg('count', '10000'));
const rounds = Number(arg('rounds', '7'));
const lines = [...generatePostings({ count, seed: 7, now: Date.UTC(2026, 10, 20) })].map((p) => JSON.stringify(p));
const worker = new Worker(
  `const { parentPort } = require('node:worker_threads');
   parentPort.on('message', (m) => {
     let n = 0;
     for (const item of m.items) n += (m.text ? JSON.parse(item) : item).title.length;
     parentPort.postMessage(n);
   });`,
  { eval: true },
);

function send(items: unknown[], text: boolean): Promise<unknown> {
  return new Promise((resolve) => {
    worker.once('message', resolve);
    worker.postMessage({ items, text });
  });
}

async function round(text: boolean): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < lines.length; i += 200) {
    const chunk = lines.slice(i, i + 200);
    await send(text ? chunk : chunk.map((l): unknown => JSON.parse(l)), text);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const median = (ms: number[]): number => [...ms].sort((a, b) => a - b)[ms.length >> 1] ?? NaN;
await round(true);
await round(false);
const objects: number[] = [];
const texts: number[] = [];
for (let r = 0; r < rounds; r++) {
  objects.push(await round(false));
  texts.push(await round(true));
}
console.log(
  `${count} postings, ${rounds} rounds: parsed here and copied as objects ${median(objects).toFixed(0)} ms CPU, ` +
    `copied as text and parsed in the thread ${median(texts).toFixed(0)} ms CPU (medians)`,
);
await worker.terminate();
