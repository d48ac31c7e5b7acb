/**
 * Vitest global setup: with no TEST_POSTGRES_URL, one PostgreSQL server of the test run's own
 * (test/pg-embedded.ts) is started before the first test file and stopped after the last; its URL
 * is handed to every test process as TEST_POSTGRES_URL. With the variable set, that server is used.
 */
import { startEmbeddedServer } from './pg-embedded.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if ((process.env['TEST_POSTGRES_URL'] ?? '') !== '') return undefined;
  const server = await startEmbeddedServer();
  process.env['TEST_POSTGRES_URL'] = server.url;
  // An interrupted run (Ctrl+C) may exit without the teardown below.
  const onExit = (): void => {
    server.stopNow();
  };
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    delete process.env['TEST_POSTGRES_URL'];
    await server.stop();
  };
}
