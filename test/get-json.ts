import { expect } from 'vitest';

/** How long a 503 (the index loading, or load shed on a busy machine) is asked again. */
const RETRY_503_MS = 30_000;

/**
 * GET `url` and its JSON body, once it answers 200. A 503 is the service saying "try again" and is
 * asked again every 100 ms for up to 30 s; any other status, or a 503 that lasts, fails the test
 * with the status and the body rather than reading a field of an error as an answer.
 */
export async function getJson<T>(url: string): Promise<T> {
  const until = Date.now() + RETRY_503_MS;
  for (;;) {
    const res = await fetch(url);
    const text = await res.text();
    if (res.status === 503 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    expect(res.status, `GET ${url} answered ${res.status}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  }
}
