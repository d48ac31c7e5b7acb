import { StoreUnavailableError } from './job-store.js';

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or not accepting connections. */
const CONNECTION_STATES = /^(08...|57P0[1-3]|53300)$/;

/** Whether an error means the store cannot be reached (the connection is gone) rather than that a statement failed. */
export function isConnectionLoss(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return CONNECTION_STATES.test(code) || /^E[A-Z]+$/.test(code);
  return /connection terminated|not queryable|connection error|timeout exceeded when trying to connect/i.test(
    error.message,
  );
}
