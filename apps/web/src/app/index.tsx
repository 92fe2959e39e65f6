// The app: one router and one query client for the page's lifetime, wrapped in the providers.
import { useState } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { AppRouter, createAppRouter } from './router';

export function App() {
  const [{ router, queryClient }] = useState(() => {
    const appRouter = createAppRouter();
    // The 401 handler lives outside React, so it navigates through the data router itself.
    const client = createQueryClient({
      navigate: (to) => void appRouter.navigate(to, { replace: true }),
      currentPath: () => appRouter.state.location.pathname,
    });
    return { router: appRouter, queryClient: client };
  });
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter router={router} />
    </AppProviders>
  );
}
