import { DEFAULT_SALARY_BUCKETS, type SalaryBucket } from './domain/salary-buckets.js';
import { parseDatabaseUrl } from './store/open-store.js';

export interface Config {
  port: number;
  host: string;
  /** A file path or `sqlite:` URL (SQLite), or `postgres://` (PostgreSQL). */
  databaseUrl: string;
  /**
   * A PostgreSQL hot standby of DATABASE_URL that the serving process reads its index, the change
   * feed and the detail endpoint from; null: everything goes to DATABASE_URL.
   */
  databaseReadUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Demo postings generated into an empty store on first start; 0 turns it off. */
  demoPostings: number;
  /** A posting is `is_new` while younger than this. */
  newWithinDays: number;
  salaryBuckets: readonly SalaryBucket[];
  /** How often the store's change cursor is polled to pick up imports (ms); 0 turns it off. */
  refreshIntervalMs: number;
  /** Whether to listen for the store's change notifications (PostgreSQL LISTEN/NOTIFY) besides polling. */
  changeNotifications: boolean;
  /**
   * How long a replica whose refreshes fail keeps answering /readyz 200 (`degraded`) before it
   * says 503 (`stale`), counted from its last successful read of the store (ms); 0: never 503.
   */
  readyMaxStalenessMs: number;
  /** `*` (any), a comma-separated list of origins, or '' (CORS off). */
  corsOrigin: string;
  /** `Cache-Control: max-age` of API responses (seconds). */
  cacheMaxAgeSeconds: number;
  /** Requests per minute and client address on the API; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /**
   * Whether to take the client address from `X-Forwarded-For` (behind a load balancer):
   * false, true (any proxy), or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /**
   * The bearer token that opens the operator's views (`/metrics`, the detail of `/readyz`); null:
   * they are open to requests from this machine only (loopback, not forwarded by a proxy).
   */
  operatorToken: string | null;
  // ---- limits of the HTTP layer ----
  /** Byte budget of the cache of serialised API answers; 0 turns it off. */
  responseCacheBytes: number;
  /** Longest time to receive a whole request (ms); past it the client gets 408. */
  requestTimeoutMs: number;
  /** Longest time to receive the request headers (ms); past it the client gets 408. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (ms). */
  keepAliveTimeoutMs: number;
  /**
   * Longest time a connection may make no progress (nothing read, nothing written) before it is
   * closed: a client that never reads its response is dropped after it. Above the keep-alive timeout.
   */
  sendTimeoutMs: number;
  /**
   * On SIGTERM, how long at most answers close their keep-alive connections (and /readyz says not
   * ready) before the server closes what is left (ms); 0: close at once.
   */
  shutdownDrainMs: number;
  /** Open connections per client address (the TCP peer); 0 turns the cap off. */
  maxConnectionsPerClient: number;
  /** Median event-loop delay (ms) over half a second past which the API answers 503 with Retry-After; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Share of V8's heap limit (%) past which the API answers 503 with Retry-After; 0 turns it off. */
  maxHeapUsedPercent: number;
  /** Whether DATABASE_URL was given (false: the default ./data/jobs.db, whose folder start may create). */
  databaseUrlGiven: boolean;
  /**
   * Where the serving process saves each index it builds, and starts from the next time
   * (src/search/index-file.ts); null: never saved. INDEX_FILE (a path, or `off`); by default the
   * SQLite file's path + `.index`, and off for PostgreSQL and an in-memory store.
   */
  indexFile: string | null;
}

/** The default of MAX_HEAP_USED_PERCENT, also for apps built without it. */
export const DEFAULT_MAX_HEAP_USED_PERCENT = 90;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads the environment once; a bad value fails start-up with a message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  return {
    port: intVar(env, 'PORT', 3000, 0, 65_535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || './data/jobs.db',
    databaseReadUrl: databaseReadUrlVar(env),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    demoPostings: intVar(env, 'DEMO_POSTINGS', 3000, 0, 2_000_000),
    newWithinDays: intVar(env, 'NEW_WITHIN_DAYS', 7, 0, 365),
    salaryBuckets: salaryBucketsVar(env),
    refreshIntervalMs: intVar(env, 'REFRESH_INTERVAL_MS', 1000, 0, 3_600_000),
    changeNotifications: oneOf(env, 'CHANGE_NOTIFICATIONS', ['on', 'off'], 'on') === 'on',
    readyMaxStalenessMs: intVar(env, 'READY_MAX_STALENESS_MS', 300_000, 0, 86_400_000),
    corsOrigin: env.CORS_ORIGIN?.trim() ?? '*',
    cacheMaxAgeSeconds: intVar(env, 'CACHE_MAX_AGE_SECONDS', 10, 0, 86_400),
    rateLimitPerMinute: intVar(env, 'RATE_LIMIT_PER_MINUTE', 1200, 0, 10_000_000),
    trustProxy: trustProxyVar(env),
    operatorToken: operatorTokenVar(env),
    responseCacheBytes: intVar(env, 'RESPONSE_CACHE_MB', 64, 0, 65_536) * 1024 * 1024,
    requestTimeoutMs: intVar(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
    headersTimeoutMs: intVar(env, 'HEADERS_TIMEOUT_MS', 10_000, 500, 3_600_000),
    keepAliveTimeoutMs: intVar(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1_000, 3_600_000),
    sendTimeoutMs: intVar(env, 'SEND_TIMEOUT_MS', 90_000, 1_000, 3_600_000),
    shutdownDrainMs: intVar(env, 'SHUTDOWN_DRAIN_MS', 1_000, 0, 8_000),
    maxConnectionsPerClient: intVar(env, 'MAX_CONNECTIONS_PER_CLIENT', 64, 0, 1_000_000),
    maxEventLoopDelayMs: intVar(env, 'MAX_EVENT_LOOP_DELAY_MS', 500, 0, 600_000),
    maxHeapUsedPercent: intVar(env, 'MAX_HEAP_USED_PERCENT', DEFAULT_MAX_HEAP_USED_PERCENT, 0, 100),
    databaseUrlGiven: (env.DATABASE_URL?.trim() ?? '') !== '',
    indexFile: indexFileVar(env, env.DATABASE_URL?.trim() || './data/jobs.db'),
  };
}

/** INDEX_FILE: a path or `off`; unset, beside a SQLite file (`<file>.index`), else off. */
function indexFileVar(env: Env, databaseUrl: string): string | null {
  const raw = env.INDEX_FILE?.trim() ?? '';
  if (raw === 'off') return null;
  if (raw !== '') return raw;
  let location: ReturnType<typeof parseDatabaseUrl>;
  try {
    location = parseDatabaseUrl(databaseUrl);
  } catch {
    return null; // the store's own check reports a bad DATABASE_URL
  }
  return location.kind === 'sqlite' && location.path !== ':memory:' ? `${location.path}.index` : null;
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** DATABASE_READ_URL: a standby of a PostgreSQL primary, so both must be postgres:// URLs. */
function databaseReadUrlVar(env: Env): string | null {
  const raw = env.DATABASE_READ_URL?.trim() ?? '';
  if (raw === '') return null;
  // Only the scheme is named: the rest of a URL may hold a password.
  if (!POSTGRES_URL.test(raw))
    throw new ConfigError(
      `DATABASE_READ_URL must be a postgres:// URL of a hot standby, got one starting '${raw.split(':')[0] ?? ''}:'`,
    );
  if (!POSTGRES_URL.test(env.DATABASE_URL?.trim() ?? ''))
    throw new ConfigError(
      'DATABASE_READ_URL needs DATABASE_URL to be the postgres:// URL of the primary it replicates (imports and migrations go there)',
    );
  return raw;
}

function trustProxyVar(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

/** OPERATOR_TOKEN: long enough not to be guessed, and sendable as a bearer token as it is. */
function operatorTokenVar(env: Env): string | null {
  const raw = env.OPERATOR_TOKEN?.trim() ?? '';
  if (raw === '') return null;
  if (!/^[A-Za-z0-9._~+/=-]{16,}$/.test(raw))
    throw new ConfigError(
      'OPERATOR_TOKEN must be at least 16 characters of letters, digits and . _ ~ + / = - (e.g. openssl rand -hex 32)',
    );
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const found = allowed.find((a) => a === raw);
  if (!found) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
  return found;
}

/** `SALARY_BUCKETS=0,40000,60000,80000`: the lower bounds of four ascending buckets, the last open. */
function salaryBucketsVar(env: Env): readonly SalaryBucket[] {
  const raw = env.SALARY_BUCKETS?.trim();
  if (!raw) return DEFAULT_SALARY_BUCKETS;
  const bounds = raw.split(',').map((s) => s.trim());
  if (bounds.length !== 4 || bounds.some((b) => !/^\d+$/.test(b))) {
    throw new ConfigError(`SALARY_BUCKETS must be four whole numbers separated by commas, got '${raw}'`);
  }
  const mins = bounds.map(Number);
  if (mins.some((m, i) => i > 0 && m <= (mins[i - 1] ?? 0))) {
    throw new ConfigError(`SALARY_BUCKETS must be strictly ascending, got '${raw}'`);
  }
  return mins.map((min, i) => ({ min, max: mins[i + 1] ?? null }));
}
