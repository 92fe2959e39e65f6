// Journeys' direct API calls: one POST with JSON, as the web app would make it (arranging data a journey needs).
import type { JourneyContext } from '../harness';

/** POSTs `body` to /api/v1`path` (with the token when given); throws with the answer when it is not a 2xx. */
export async function postJson(
  ctx: JourneyContext,
  path: string,
  body: object,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.apiUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
