// Journeys' direct API calls, as the web app or a customer's phone would make them (arranging data a journey needs).
import { randomUUID } from 'node:crypto';
import type { JourneyContext } from '../harness';
import { newDeviceId } from './device-ids';

/** Sends `body` as JSON to /api/v1`path` (with the token when given); throws with the answer when it is not a 2xx. */
export async function callJson(
  ctx: JourneyContext,
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${ctx.apiUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** POSTs `body` to /api/v1`path` (with the token when given); throws with the answer when it is not a 2xx. */
export const postJson = (ctx: JourneyContext, path: string, body: object, token?: string) =>
  callJson(ctx, 'POST', path, body, token);

/** A customer's rating through the public rating API, from a browser of its own (a device id the API issued). */
export async function rateAsCustomer(
  ctx: JourneyContext,
  rating: { store: string; score: number; staff?: string | null; comment?: string } & Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { staff, ...rest } = rating;
  return postJson(ctx, staff ? '/feedback/staff-ratings' : '/feedback/experience-ratings', {
    idempotencyKey: randomUUID(),
    source: 'qr',
    deviceId: await newDeviceId(ctx.apiUrl),
    ...rest,
    ...(staff ? { staff } : {}),
  });
}
