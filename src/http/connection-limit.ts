import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rawErrorResponse } from './error-handling.js';

/** Seconds a client over its connection cap is asked to wait. */
const RETRY_AFTER_SECONDS = 1;

/**
 * Caps the open connections of one client address (the TCP peer: behind a load balancer every
 * connection comes from it, so raise the cap or set 0 there). A connection past the cap is
 * answered 503 `too_many_connections` with `Retry-After` and closed before it is read.
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(
        rawErrorResponse(
          503,
          'Service Unavailable',
          'too_many_connections',
          `more than ${max} open connections from your address; close some and retry`,
          `Retry-After: ${RETRY_AFTER_SECONDS}\r\n`,
        ),
      );
      socket.on('error', () => undefined);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
