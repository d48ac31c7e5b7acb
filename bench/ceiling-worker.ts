/**
 * Child process: bare Fastify routes, the ceilings of the HTTP runs. `/ceiling` answers a fixed
 * 5 KB JSON body; `/same/<name>` answers the bytes the parent hands over for that name (an API
 * answer as the service sent it, compressed or not), so that one repeated URL can be set against
 * a route that does nothing but send the same bytes.
 */
import Fastify from 'fastify';
import { toParent } from './child.js';
import type { CeilingMessage } from './ceiling.js';

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
  const same = new Map<string, { bytes: Buffer; encoding: string | null }>();
  const app = Fastify({ logger: false });
  app.get('/ceiling', async (_request, reply) => reply.type('application/json').send(body));
  app.get<{ Params: { name: string } }>('/same/:name', async (request, reply) => {
    const answer = same.get(request.params.name);
    if (answer === undefined) return reply.code(404).send();
    if (answer.encoding !== null) reply.header('content-encoding', answer.encoding);
    return reply.type('application/json; charset=utf-8').send(answer.bytes);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const stopped = new Promise<void>((resolve) => {
    process.on('message', (m: CeilingMessage) => {
      if (m.type === 'stop') resolve();
      else {
        same.set(m.name, { bytes: Buffer.from(m.base64, 'base64'), encoding: m.encoding });
        void toParent({ type: 'same', name: m.name });
      }
    });
  });
  await toParent({ type: 'listening', port, bytes: Buffer.byteLength(body) });
  await stopped;
  await app.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
