// Types for the VITE_* variables that src/config/env.ts reads.
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin, e.g. https://api.example.com; empty means same origin (the dev/preview proxy). */
  readonly VITE_API_BASE_URL?: string;
  /** Socket.IO origin; defaults to the API origin. */
  readonly VITE_SOCKET_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
