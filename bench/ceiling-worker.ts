/** Child process: a bare Fastify route answering a fixed 5 KB JSON body, the ceiling of the HTTP run. */
import Fastify from 'fastify';
import { fromParent, toParent } from './child.js';

const BODY_BYTES = 5 * 1024;

function fixedBody(): { success: boolean; items: { id: number; text: string }[] } {
  const items: { id: number; text: string }[] = [];
  let size = 30;
  for (let id = 0; size < BODY_BYTES; id++) {
    const text = `item ${id} `.padEnd(80, 'x');
    items.push({ id, text });
    size += JSON.stringify({ id, text }).length + 1;
  }
  return { success: true, items };
}

async function main(): Promise<void> {
  const body = JSON.stringify(fixedBody());
  const app = Fastify({ logger: false });
  app.get('/ceiling', async (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await toParent({ type: 'listening', port, bytes: Buffer.byteLength(body) });
  await fromParent<{ type: 'stop' }>();
  await app.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
