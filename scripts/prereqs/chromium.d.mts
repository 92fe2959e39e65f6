// Types for chromium.mjs (used by the TypeScript browser runner).
export declare const INSTRUCTION: string;
export declare function findChromium(opts?: {
  env?: NodeJS.ProcessEnv;
  fixed?: string[];
}): string | undefined;
export declare function obtainChromium(opts?: {
  env?: NodeJS.ProcessEnv;
  fixed?: string[];
  log?: (line: string) => void;
  machine?: { debian: boolean; root: boolean };
}): { path: string; error?: undefined } | { path?: undefined; error: string };
