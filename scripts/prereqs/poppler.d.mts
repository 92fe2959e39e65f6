// Types for poppler.mjs (pdftoppm for the scheduled report's PDF rendering).
export declare const INSTRUCTION: string;
export declare function findPdftoppm(opts?: {
  env?: NodeJS.ProcessEnv;
  fixed?: string[];
}): string | undefined;
export declare function obtainPoppler(opts?: {
  env?: NodeJS.ProcessEnv;
  fixed?: string[];
  log?: (line: string) => void;
  machine?: { debian: boolean; root: boolean };
}): { path: string; error?: undefined } | { path?: undefined; error: string };
