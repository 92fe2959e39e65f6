// This browser's device id, issued and signed by the API (POST /feedback/device) on first need and kept locally.
import { API_PREFIX, FEEDBACK_PATHS } from '@cx/contracts/customer';

export const DEVICE_KEY = 'cx.device';
const ISSUE_TIMEOUT_MS = 5000;

/** The shape of an id the API issued; an older locally made UUID is not one and is replaced. */
export const isIssuedDeviceId = (v: string | null | undefined): v is string =>
  !!v && /^d1\.[\w-]{22}\.[\w-]{22}$/.test(v);

type TDeviceDeps = {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  baseUrl: string;
};

/**
 * The id to send, or undefined when the API could not be asked (the submit then goes without one: a rating is never
 * held up by this). One request at a time per page; kept in storage when there is storage, else asked once per page
 * load; a failed request is tried again on the next need.
 */
export function deviceIds(deps: TDeviceDeps): () => Promise<string | undefined> {
  let pending: Promise<string | undefined> | null = null;
  let issued: string | undefined;
  const stored = () => {
    try {
      return deps.storage?.getItem(DEVICE_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const ask = async (): Promise<string | undefined> => {
    try {
      const res = await deps.fetch(`${deps.baseUrl}${API_PREFIX}${FEEDBACK_PATHS.issueDevice}`, {
        method: 'POST',
        headers: { 'ngrok-skip-browser-warning': 'true' },
        signal: AbortSignal.timeout(ISSUE_TIMEOUT_MS),
      });
      if (!res.ok) return undefined;
      const { deviceId } = (await res.json()) as { deviceId?: unknown };
      if (typeof deviceId !== 'string' || !isIssuedDeviceId(deviceId)) return undefined;
      issued = deviceId;
      try {
        deps.storage?.setItem(DEVICE_KEY, deviceId);
      } catch {
        // storage full or unavailable: kept for this page load
      }
      return deviceId;
    } catch {
      return undefined;
    }
  };
  return async () => {
    const known = stored();
    if (isIssuedDeviceId(known)) return known;
    if (issued) return issued;
    pending ??= ask().finally(() => {
      pending = null;
    });
    return pending;
  };
}
