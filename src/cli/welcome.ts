import type { StartFact } from '../server.js';
import { formatCount } from './format.js';

export interface WelcomeFacts {
  /** The address Fastify listens on (`http://0.0.0.0:3000`, `http://127.0.0.1:3000`). */
  url: string;
  host: string;
  documents: number;
  /** Whether the search page is served at `/`. */
  page: boolean;
}

/** Where the logs of `serve` go (cli/log-output.ts): the welcome's last line says so. */
export type LogsShown = 'json' | 'terminal';

/** The lines the terminal shows for a step of the start (`startServer`'s facts, in words). */
export function startLines(fact: StartFact, logs: LogsShown = 'json'): string[] {
  switch (fact.kind) {
    case 'store': {
      const standby = fact.standby === null ? '' : `, reading from the standby ${fact.standby} (DATABASE_READ_URL)`;
      const page = pageUrlBefore(fact.host, fact.port);
      const on = page === null ? '' : ` on ${page}`;
      return [`jobsearch: starting${on} with the store ${fact.label}${fact.created ? ' (new)' : ''}${standby}`];
    }
    case 'store-waiting':
      return [`jobsearch: ${fact.reason}; retrying until it answers`];
    case 'store-answers':
      return ['jobsearch: the store answers; starting'];
    case 'demo-loading':
      return [`jobsearch: loading ${formatCount(fact.postings)} demo postings into the new store (DEMO_POSTINGS)`];
    case 'index-file-loaded':
      return [
        `jobsearch: started from the saved index ${fact.path} (${formatCount(fact.changes)} changes since it was saved)`,
      ];
    case 'index-file-refused':
      return [`jobsearch: the saved index ${fact.path} was not used: ${fact.reason}`];
    case 'ready':
      return welcome(fact, logs);
  }
}

/** The first lines a person reads after `npm start`: where to go, and what is loaded. */
export function welcome(facts: WelcomeFacts, logs: LogsShown = 'json'): string[] {
  const base = browsable(facts.url, facts.host);
  return [
    `jobsearch: ready with ${formatCount(facts.documents)} postings`,
    ...(facts.page ? [`  Search page   ${base}/`] : []),
    `  API docs      ${base}/docs`,
    `  API           ${base}/jobs/api/job-search-filter-data`,
    `  Health        ${base}/readyz   metrics ${base}/metrics`,
    logs === 'terminal'
      ? '  Logs: warnings and errors show here (LOG_LEVEL=info for more; --log-json for JSON on stdout); Ctrl+C stops.'
      : '  JSON logs go to stdout (LOG_LEVEL=debug logs every request); Ctrl+C stops.',
  ];
}

/**
 * Where the page will be, known before listening when the port is fixed (`http://localhost:3000/`);
 * null for port 0 (the system picks one).
 */
export function pageUrlBefore(host: string, port: number): string | null {
  if (port === 0) return null;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `${browsable(`http://${shown}:${port}`, host)}/`;
}

/** A wildcard listen address is not something a browser can open: show localhost instead. */
function browsable(url: string, host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') {
    const port = new URL(url).port;
    return `http://localhost${port ? `:${port}` : ''}`;
  }
  return url;
}
