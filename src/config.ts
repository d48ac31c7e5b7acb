import { DEFAULT_SALARY_BUCKETS, type SalaryBucket } from './domain/salary-buckets.js';

export interface Config {
  port: number;
  host: string;
  /** A file path or `sqlite:` URL (SQLite), or `postgres://` (PostgreSQL). */
  databaseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Demo postings generated into an empty store on first start; 0 turns it off. */
  demoPostings: number;
  /** A posting is `is_new` while younger than this. */
  newWithinDays: number;
  salaryBuckets: readonly SalaryBucket[];
  /** How often the store's change cursor is polled to pick up imports (ms); 0 turns it off. */
  refreshIntervalMs: number;
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
}

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
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    demoPostings: intVar(env, 'DEMO_POSTINGS', 3000, 0, 2_000_000),
    newWithinDays: intVar(env, 'NEW_WITHIN_DAYS', 7, 0, 365),
    salaryBuckets: salaryBucketsVar(env),
    refreshIntervalMs: intVar(env, 'REFRESH_INTERVAL_MS', 1000, 0, 3_600_000),
    corsOrigin: env.CORS_ORIGIN?.trim() ?? '*',
    cacheMaxAgeSeconds: intVar(env, 'CACHE_MAX_AGE_SECONDS', 10, 0, 86_400),
    rateLimitPerMinute: intVar(env, 'RATE_LIMIT_PER_MINUTE', 1200, 0, 10_000_000),
    trustProxy: trustProxyVar(env),
  };
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

function trustProxyVar(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
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
