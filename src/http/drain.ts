import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/** Servers that are shutting down: their answers close the connection they came on. */
const draining = new WeakSet<Server>();

/** After the listener is closed, how long connections already accepted get to send and be answered. */
const LAST_REQUESTS_MS = 500;
/** Then, how long requests still being answered get to finish. */
const IN_FLIGHT_MS = 5_000;

export function isDraining(server: Server): boolean {
  return draining.has(server);
}

/**
 * A graceful shutdown's drain. HTTP/1.1 cannot tell a keep-alive client that a server is going
 * except by `Connection: close` on an answer: a socket closed while idle may cross the client's
 * next request on the wire (ECONNRESET: the client cannot know whether it was served). So:
 * 1. for up to `maxMs` (less once no connection is open) every answer says `Connection: close`
 *    and ends its connection, `/readyz` says not ready (a load balancer stops sending), and
 *    requests are served as usual, new connections included;
 * 2. then the listener closes — without closing idle sockets as `http.Server.close` does, since a
 *    socket accepted a moment ago has not sent its request yet and counts as idle — and the
 *    connections already accepted get LAST_REQUESTS_MS to be answered and closed;
 * 3. then the sockets that stayed idle throughout are closed, and the requests still in flight
 *    get IN_FLIGHT_MS to finish.
 * The caller then closes the server (Fastify's close) and what the requests read.
 */
export async function drainConnections(server: Server, maxMs: number): Promise<void> {
  draining.add(server);
  await untilNoConnections(server, Date.now() + maxMs);
  if (!server.listening) return;
  NetServer.prototype.close.call(server);
  await untilNoConnections(server, Date.now() + LAST_REQUESTS_MS);
  // Only sockets that stayed idle throughout and requests still being answered are left: the
  // first are closed, the second finished (Fastify's close no longer waits once the listener is closed).
  server.closeIdleConnections();
  await untilNoConnections(server, Date.now() + IN_FLIGHT_MS);
}

async function untilNoConnections(server: Server, until: number): Promise<void> {
  while (Date.now() < until) {
    const open = await new Promise<number>((resolve) => {
      server.getConnections((error, count) => {
        resolve(error ? 0 : count);
      });
    });
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(25, Math.max(0, until - Date.now()))));
  }
}
