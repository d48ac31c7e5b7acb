import { formatCount } from './cli/format.js';

export interface WelcomeFacts {
  /** The address Fastify listens on (`http://0.0.0.0:3000`, `http://127.0.0.1:3000`). */
  url: string;
  host: string;
  documents: number;
  /** Whether the search page is served at `/`. */
  page: boolean;
}

/** The first lines a person reads after `npm start`: where to go, and what is loaded. */
export function welcome(facts: WelcomeFacts): string[] {
  const base = browsable(facts.url, facts.host);
  return [
    `jobsearch: ready with ${formatCount(facts.documents)} postings`,
    ...(facts.page ? [`  Search page   ${base}/`] : []),
    `  API docs      ${base}/docs`,
    `  API           ${base}/jobs/api/job-search-filter-data`,
    `  Health        ${base}/readyz   metrics ${base}/metrics`,
    '  JSON logs go to stdout (LOG_LEVEL=debug logs every request); Ctrl+C stops.',
  ];
}

/** A wildcard listen address is not something a browser can open: show localhost instead. */
function browsable(url: string, host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') {
    const port = new URL(url).port;
    return `http://localhost${port ? `:${port}` : ''}`;
  }
  return url;
}
