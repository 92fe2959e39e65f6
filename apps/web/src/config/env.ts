// The only reader of import.meta.env: checks the VITE_* variables once and exports typed settings (no zod: the lean
// customer entry imports this too and must stay small).

type TRawEnv = Record<string, unknown>;

/** '' or an http(s) origin, trailing slashes dropped; anything else is a configuration error named in the message. */
function origin(raw: TRawEnv, name: string, problems: string[]): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (text !== '' && !/^https?:\/\/[^\s]+$/.test(text)) {
    problems.push(`${name}: Must be empty or an http(s) URL`);
    return undefined;
  }
  return text.replace(/\/+$/, '');
}

export function parseEnv(raw: TRawEnv) {
  const problems: string[] = [];
  const apiBaseUrl = origin(raw, 'VITE_API_BASE_URL', problems) ?? '';
  const socket = origin(raw, 'VITE_SOCKET_URL', problems);
  if (problems.length) throw new Error(`Invalid web environment:\n${problems.join('\n')}`);
  return {
    /** Prefix for every API call; '' means same origin, so requests go to /api/v1/... through the proxy. */
    apiBaseUrl,
    /** Socket.IO origin; undefined lets socket.io-client connect to the page's own origin. */
    socketUrl: socket || apiBaseUrl || undefined,
    mode: typeof raw.MODE === 'string' ? raw.MODE : 'development',
    isDev: raw.DEV === true,
  };
}

export const env = parseEnv(import.meta.env as unknown as TRawEnv);
export type TWebEnv = typeof env;
