// The API layer (react-query and the tsr client for the whole contract, with zod): its own chunk, loaded only by the
// routes and pieces that call the API, so the home page never downloads it.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { tsr } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { useApiRoot } from './api-root';

export default function ApiProvider({ children }: { children: ReactNode }) {
  const queryClient = useApiRoot().queryClient(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <tsr.ReactQueryProvider>{children}</tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
}

/** A pathless layout route: every page below it may call the API. */
export function ApiRoute() {
  return (
    <ApiProvider>
      <Outlet />
    </ApiProvider>
  );
}
