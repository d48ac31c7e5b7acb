import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: './data/jobs.db',
      databaseReadUrl: null,
      logLevel: 'info',
      demoPostings: 3000,
      newWithinDays: 7,
      salaryBuckets: [
        { min: 0, max: 40_000 },
        { min: 40_000, max: 60_000 },
        { min: 60_000, max: 80_000 },
        { min: 80_000, max: null },
      ],
      refreshIntervalMs: 1000,
      changeNotifications: true,
      readyMaxStalenessMs: 300_000,
      corsOrigin: '*',
      cacheMaxAgeSeconds: 10,
      rateLimitPerMinute: 1200,
      trustProxy: false,
      operatorToken: null,
      shutdownDrainMs: 1_000,
      responseCacheBytes: 64 * 1024 * 1024,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      sendTimeoutMs: 90_000,
      maxConnectionsPerClient: 64,
      maxEventLoopDelayMs: 500,
      maxHeapUsedPercent: 90,
      databaseUrlGiven: false,
      indexFile: './data/jobs.db.index',
    });
  });

  it('saves the index beside a SQLite file unless INDEX_FILE says otherwise; off for PostgreSQL and memory', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:///var/lib/jobs.db' }).indexFile).toBe('/var/lib/jobs.db.index');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/jobs' }).indexFile).toBeNull();
    expect(loadConfig({ DATABASE_URL: ':memory:' }).indexFile).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/jobs', INDEX_FILE: ' /srv/index ' }).indexFile).toBe('/srv/index');
    expect(loadConfig({ INDEX_FILE: 'off' }).indexFile).toBeNull();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://x/y',
      LOG_LEVEL: 'warn',
      DEMO_POSTINGS: '0',
      NEW_WITHIN_DAYS: '3',
      SALARY_BUCKETS: '0,30000,50000,90000',
      REFRESH_INTERVAL_MS: '0',
      CORS_ORIGIN: '',
      CACHE_MAX_AGE_SECONDS: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      TRUST_PROXY: '10.0.0.0/8',
      RESPONSE_CACHE_MB: '16',
      REQUEST_TIMEOUT_MS: '5000',
      HEADERS_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '61000',
      MAX_CONNECTIONS_PER_CLIENT: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_HEAP_USED_PERCENT: '75',
    });
    expect(c).toMatchObject({
      responseCacheBytes: 16 * 1024 * 1024,
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
      keepAliveTimeoutMs: 61_000,
      maxConnectionsPerClient: 0,
      maxEventLoopDelayMs: 0,
      maxHeapUsedPercent: 75,
      databaseUrlGiven: true,
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://x/y',
      logLevel: 'warn',
      demoPostings: 0,
      newWithinDays: 3,
      refreshIntervalMs: 0,
      corsOrigin: '',
      cacheMaxAgeSeconds: 0,
      rateLimitPerMinute: 0,
      trustProxy: '10.0.0.0/8',
    });
    expect(c.salaryBuckets).toEqual([
      { min: 0, max: 30_000 },
      { min: 30_000, max: 50_000 },
      { min: 50_000, max: 90_000 },
      { min: 90_000, max: null },
    ]);
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['SALARY_BUCKETS', '0,1,2', /four whole numbers/],
    ['SALARY_BUCKETS', '0,50000,40000,90000', /strictly ascending/],
    ['DEMO_POSTINGS', '-1', /DEMO_POSTINGS must be a whole number/],
    ['RESPONSE_CACHE_MB', 'lots', /RESPONSE_CACHE_MB must be a whole number/],
    ['HEADERS_TIMEOUT_MS', '10', /HEADERS_TIMEOUT_MS must be between 500 and/],
    ['REQUEST_TIMEOUT_MS', '0', /REQUEST_TIMEOUT_MS must be between 1000 and/],
    ['CHANGE_NOTIFICATIONS', 'maybe', /CHANGE_NOTIFICATIONS must be one of on, off, got 'maybe'/],
    ['READY_MAX_STALENESS_MS', '-5', /READY_MAX_STALENESS_MS must be a whole number/],
    ['OPERATOR_TOKEN', 'short', /OPERATOR_TOKEN must be at least 16 characters/],
    ['OPERATOR_TOKEN', 'sixteen chars with spaces', /OPERATOR_TOKEN must be at least 16 characters/],
  ])('fails with a message naming %s for %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes OPERATOR_TOKEN as given, trimmed', () => {
    expect(loadConfig({ OPERATOR_TOKEN: ' 0123456789abcdef0123 ' }).operatorToken).toBe('0123456789abcdef0123');
  });

  it('takes a PostgreSQL standby as DATABASE_READ_URL beside a PostgreSQL DATABASE_URL', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://primary/jobs', DATABASE_READ_URL: ' postgresql://standby/jobs ' });
    expect(c).toMatchObject({ databaseUrl: 'postgres://primary/jobs', databaseReadUrl: 'postgresql://standby/jobs' });
    expect(loadConfig({ DATABASE_URL: 'postgres://primary/jobs', DATABASE_READ_URL: '' }).databaseReadUrl).toBeNull();
  });

  it.each([
    [
      { DATABASE_READ_URL: 'postgres://standby/jobs' },
      /DATABASE_READ_URL needs DATABASE_URL to be the postgres:\/\/ URL/,
    ],
    [
      { DATABASE_URL: './jobs.db', DATABASE_READ_URL: 'postgres://standby/jobs' },
      /DATABASE_READ_URL needs DATABASE_URL/,
    ],
    [
      { DATABASE_URL: 'postgres://primary/jobs', DATABASE_READ_URL: 'mysql://u:secret@standby/jobs' },
      /DATABASE_READ_URL must be a postgres:\/\/ URL of a hot standby, got one starting 'mysql:'/,
    ],
  ])('refuses DATABASE_READ_URL without two PostgreSQL URLs (%j), naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).not.toThrow(/secret/);
  });
});
