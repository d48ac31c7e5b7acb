import cluster from 'node:cluster';
import type { Command } from 'commander';
import { parseWorkers, runPrimary, WORKER_ENV, type ReadyMessage } from '../cluster.js';
import { loadConfig, type Config } from '../../config.js';
import type { RunningServer } from '../../server.js';

/** SIGTERM to exit: the bound an orchestrator can rely on (Kubernetes waits 30 s by default). */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Margin kept below the deadline for the forced exit itself. */
const FORCE_EXIT_MS = SHUTDOWN_DEADLINE_MS - 1_000;

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the HTTP service (PORT, HOST, DATABASE_URL and the other variables of the README apply).')
    .option('-p, --port <port>', 'port to listen on (overrides PORT)')
    .option('-H, --host <host>', 'address to listen on (overrides HOST)')
    .option('--demo', 'load DEMO_POSTINGS demo postings when this start creates a new SQLite store (npm start)')
    .option('--log-json', 'JSON logs on stdout even at a terminal (they are whenever stdout is not a terminal)')
    .option(
      '-w, --workers <n>',
      "worker processes sharing the port, each with its own index: a number or 'auto' (one per core); overrides WORKERS (default 1)",
    )
    .action(async (options: { port?: string; host?: string; demo?: boolean; workers?: string; logJson?: boolean }) => {
      const env = { ...process.env };
      if (options.port !== undefined) env.PORT = options.port;
      if (options.host !== undefined) env.HOST = options.host;
      const config: Config = loadConfig(env);
      const workers = parseWorkers(
        options.workers ?? env.WORKERS,
        options.workers !== undefined ? '--workers' : 'WORKERS',
      );
      if (cluster.isPrimary && workers > 1) {
        runPrimary({
          workers,
          say: (line) => void process.stderr.write(`${line}\n`),
          shutdownMs: SHUTDOWN_DEADLINE_MS,
        });
        return;
      }
      // A worker of `--workers N`: only the first may load demo postings and prints the welcome.
      const first = cluster.isPrimary || process.env[WORKER_ENV.first] === '1';
      const say = (line: string): void => {
        if (first) process.stderr.write(`${line}\n`);
      };
      const stop = new AbortController();
      let server: RunningServer | null = null;

      // Signals are handled from the first moment, so a SIGTERM while the demo postings load or the
      // index builds stops the start between two steps; whatever happens, the process is gone
      // within the deadline (every write to the store is a transaction, so it stays consistent).
      const shutdown = (signal: string): void => {
        if (stop.signal.aborted) return;
        say(`jobsearch: ${signal}, shutting down`);
        stop.abort();
        setTimeout(() => {
          say(`jobsearch: shutdown took longer than ${FORCE_EXIT_MS / 1000} s; exiting`);
          process.exit(1);
        }, FORCE_EXIT_MS).unref();
        if (server) {
          server.close({ drainMs: config.shutdownDrainMs }).then(
            () => process.exit(0),
            () => process.exit(1),
          );
        }
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);

      // The server (HTTP, search, logging) is loaded by the command that runs it: every other
      // command (an import above all) starts without compiling and loading it.
      const [{ StartAborted, startServer }, { chooseLogOutput, serveLogger }, { startLines }] = await Promise.all([
        import('../../server.js'),
        import('../log-output.js'),
        import('../welcome.js'),
      ]);
      const logOutput = chooseLogOutput(process.stdout.isTTY, options.logJson === true);
      const log = serveLogger(config, logOutput, (env.LOG_LEVEL ?? '').trim() !== '');
      try {
        server = await startServer(config, log, {
          demo: options.demo === true && first,
          tell: (fact) => {
            for (const line of startLines(fact, logOutput)) say(line);
          },
          signal: stop.signal,
        });
      } catch (error) {
        if (error instanceof StartAborted) process.exit(0);
        throw error;
      }
      if (stop.signal.aborted) {
        await server.close({ drainMs: config.shutdownDrainMs });
        process.exit(0);
      }
      if (cluster.isWorker) process.send?.({ type: 'jobsearch:ready' } satisfies ReadyMessage);
    });
}
