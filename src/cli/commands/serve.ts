import type { Command } from 'commander';
import { loadConfig, type Config } from '../../config.js';
import { startServer } from '../../server.js';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Start the HTTP service (PORT, HOST, DATABASE_URL and the other variables of the README apply).')
    .option('-p, --port <port>', 'port to listen on (overrides PORT)')
    .option('-H, --host <host>', 'address to listen on (overrides HOST)')
    .action(async (options: { port?: string; host?: string }) => {
      const env = { ...process.env };
      if (options.port !== undefined) env.PORT = options.port;
      if (options.host !== undefined) env.HOST = options.host;
      const config: Config = loadConfig(env);
      const server = await startServer(config);
      const shutdown = (signal: string) => {
        server.app.log.info({ signal }, 'shutting down');
        server.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
    });
}
