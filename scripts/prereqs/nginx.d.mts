// Types for nginx.mjs (used by the customer-routing journey).
export declare const INSTRUCTION: string;
export declare function findNginx(opts?: { env?: NodeJS.ProcessEnv; fixed?: string[] }): string | undefined;
export declare function obtainNginx(opts?: {
  env?: NodeJS.ProcessEnv;
  fixed?: string[];
  log?: (line: string) => void;
  machine?: { debian: boolean; root: boolean };
}): { path: string; error?: undefined } | { path?: undefined; error: string };
