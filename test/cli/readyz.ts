/** `/readyz` as a probe or an operator reads it, for the tests of a running server's readiness. */
export interface Readyz {
  status: string;
  reason?: string;
  /** The operator's detail (refresh failures, index age, …). */
  [detail: string]: unknown;
}

export async function readyz(
  base: string,
  headers: Record<string, string> = {},
): Promise<{ code: number; body: Readyz }> {
  const res = await fetch(`${base}/readyz`, { headers });
  return { code: res.status, body: (await res.json()) as Readyz };
}

/** Polls /readyz every 50 ms until `status`; generous, the machine is shared. */
export async function untilStatus(
  base: string,
  status: string,
  ms = 30_000,
  headers: Record<string, string> = {},
): Promise<{ code: number; body: Readyz }> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await readyz(base, headers);
    if (r.body.status === status) return r;
    if (Date.now() > end) throw new Error(`/readyz stayed ${JSON.stringify(r.body)}, never ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
