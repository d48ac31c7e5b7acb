/**
 * One URL repeated over HTTP, two builds side by side: `jobsearch serve` of build A and of build B
 * (each Node's default options, on its own copy of a SQLite store, rate limit off), and the
 * bare-Fastify ceilings of `bench/live-serve.ts` in a child process (bench/ceiling.ts): the 5 KB
 * route, and a route sending B's very bytes of each repeated answer. Each round loads the
 * ceilings, then the repeated filter-data URL and list page 1 of the query mix, without
 * compression and asking for brotli, on A and B in turn (the order alternates between rounds),
 * `--seconds` each with 50 connections (bench/http.ts). It prints requests per second for every
 * run, and each row's median as a share of the 5 KB ceiling's median and of the same-bytes route's:
 * one run of a ceiling moves by a quarter from run to run on a shared machine, so the medians of
 * interleaved runs are the figure.
 *
 *   npm run build && npx tsx bench/repeated-ab.ts --db bench/.cache/live-100000-10000-<day>.db \
 *     --a <another build's dist/cli/main.js> [--b dist/cli/main.js] [--seconds 5] [--rounds 5] [--fill 5]
 *
 * Before the rounds each server answers the query mix's distinct filter-data and list URLs for
 * `--fill` seconds each (50 connections), so that its response cache holds thousands of answers
 * as a server in service does (0: start the rounds on empty caches).
 *
 * The store is the corpus `bench/live-serve.ts` caches (generated for its day: the server runs on
 * the wall clock). Each server builds its index at its first start (about 10 s at 100k).
 */
import type { ChildProcess } from 'node:child_process';
import { copyFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Ceiling, rawAnswer } from './ceiling.js';
import { mixOf, spawnServe, waitReady } from './serve.js';
import { load } from './http.js';
import { urlsFor } from './http-urls.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Args {
  db: string;
  a: string;
  b: string;
  seconds: number;
  rounds: number;
  fill: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Partial<Args> = { b: join(ROOT, 'dist', 'cli', 'main.js'), seconds: 5, rounds: 5, fill: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${a}: a value is missing`);
    if (a === '--db') args.db = resolve(value);
    else if (a === '--a') args.a = resolve(value);
    else if (a === '--b') args.b = resolve(value);
    else if (a === '--seconds') args.seconds = Number(value);
    else if (a === '--rounds') args.rounds = Number(value);
    else if (a === '--fill') args.fill = Number(value);
    else throw new Error(`unknown argument ${a}; usage: repeated-ab.ts --db <store> --a <cli> [--b <cli>]`);
  }
  if (args.db === undefined || args.a === undefined) throw new Error('--db and --a are required');
  for (const key of ['seconds', 'rounds'] as const) {
    if (!Number.isSafeInteger(args[key]) || args[key]! < 1) throw new Error(`--${key} must be a positive integer`);
  }
  if (!Number.isSafeInteger(args.fill) || args.fill! < 0) throw new Error('--fill must be an integer of 0 or more');
  return args as Args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const mix = await mixOf(args.db);
  const one = { filters: [mix.repeated.filter], suggests: [mix.repeated.suggest] };
  const base = 21_000 + (process.pid % 10_000);
  const builds = { A: { cli: args.a, port: base }, B: { cli: args.b, port: base + 1 } };
  const copies = Object.keys(builds).map((name) =>
    join(ROOT, 'bench', '.cache', `repeated-ab-${process.pid}-${name}.db`),
  );
  const servers: ChildProcess[] = [];
  const ceiling = new Ceiling();
  const rps: Record<string, number[]> = {};
  const add = (row: string, value: number): void => {
    (rps[row] ??= []).push(Math.round(value));
  };
  try {
    for (const [i, build] of Object.values(builds).entries()) {
      await copyFile(args.db, copies[i]!);
      const server = spawnServe(build.cli, copies[i]!, build.port);
      servers.push(server);
      await waitReady(server, build.port);
    }
    // A server in service holds thousands of answers: each first answers the mix's distinct URLs.
    if (args.fill > 0) {
      for (const build of Object.values(builds)) {
        for (const op of ['filterData', 'list1'] as const) await load(build.port, urlsFor(op, mix), args.fill);
      }
    }
    const ceilingPort = (await ceiling.listening()).port;
    // A bare route sending B's very bytes of each repeated answer (as asked: plain or brotli).
    const same: Record<string, string> = {};
    for (const op of ['filterData', 'list1'] as const) {
      for (const brotli of [false, true]) {
        const row = `${op}${brotli ? ', brotli' : ''}`;
        const answer = await rawAnswer(builds.B.port, urlsFor(op, one)[0]!, brotli ? { 'accept-encoding': 'br' } : {});
        same[row] = await ceiling.same(row, answer.bytes, answer.encoding);
      }
    }
    for (let round = 0; round < args.rounds; round++) {
      add('ceiling', (await load(ceilingPort, ['/ceiling'], args.seconds)).rps);
      for (const [row, path] of Object.entries(same)) {
        const headers = row.endsWith('brotli') ? { 'accept-encoding': 'br' } : {};
        add(`${row}, same bytes`, (await load(ceilingPort, [path], args.seconds, headers)).rps);
      }
      const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      for (const op of ['filterData', 'list1'] as const) {
        for (const brotli of [false, true]) {
          for (const name of order) {
            const stats = await load(
              builds[name].port,
              urlsFor(op, one),
              args.seconds,
              brotli ? { 'accept-encoding': 'br' } : {},
            );
            if (stats.non2xx > 0 || stats.errors > 0)
              throw new Error(`${name} ${op}: ${stats.non2xx} non-2xx, ${stats.errors} errors`);
            add(`${op}${brotli ? ', brotli' : ''}, ${name}`, stats.rps);
          }
        }
      }
      console.log(`round ${round + 1} of ${args.rounds} done`);
    }
  } finally {
    await ceiling.stop();
    for (const server of servers) server.kill('SIGTERM');
    await sleep(500);
    for (const copy of copies) for (const file of [copy, `${copy}.index`]) await rm(file, { force: true });
  }
  const median = (values: readonly number[]): number =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const top = median(rps['ceiling']!);
  console.log(`A = ${args.a}\nB = ${args.b}\n${args.rounds} rounds of ${args.seconds} s, requests per second:`);
  for (const [row, values] of Object.entries(rps)) {
    const share = Math.round((100 * median(values)) / top);
    // A build's row against the bare route that sends the same bytes (its op and compression).
    const sameRow = rps[`${row.replace(/, [AB]$/, '')}, same bytes`];
    const ofSame =
      sameRow && /, [AB]$/.test(row)
        ? `, ${Math.round((100 * median(values)) / median(sameRow))} % of the same bytes`
        : '';
    console.log(
      `${row.padEnd(28)} ${values.join(' ').padEnd(40)} median ${median(values)} (${share} % of the ceiling${ofSame})`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
