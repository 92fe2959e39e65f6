// A customer's browser for journeys that call the public rating API directly: a device id the API itself issued.
import assert from 'node:assert/strict';

/** POST /feedback/device, as the customer pages do on first need: one call, one browser. */
export async function newDeviceId(apiUrl: string): Promise<string> {
  const res = await fetch(`${apiUrl}/api/v1/feedback/device`, { method: 'POST' });
  assert.equal(res.status, 201, `device id answered ${res.status}`);
  return ((await res.json()) as { deviceId: string }).deviceId;
}
