// Where the lazily loaded API layer finds the app's one query client and how that client's 401 handler navigates.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { TQueryClientOptions } from '@/lib/query-client';

export type TApiRoot = TQueryClientOptions & {
  /** The page's one query client, made by `create` the first time any API boundary mounts. */
  queryClient: (create: (options: TQueryClientOptions) => QueryClient) => QueryClient;
};

/** Made once per page (or test) with the router's navigation; `existing` lets a test hold the client it inspects. */
export function createApiRoot(options: TQueryClientOptions, existing?: QueryClient): TApiRoot {
  let client = existing;
  return { ...options, queryClient: (create) => (client ??= create(options)) };
}

export const ApiRootContext = createContext<TApiRoot | null>(null);

export function useApiRoot(): TApiRoot {
  const root = useContext(ApiRootContext);
  if (!root) throw new Error('The API layer needs <ShellProviders> (or <AppProviders>) above it');
  return root;
}
