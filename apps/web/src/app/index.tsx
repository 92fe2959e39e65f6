// The app: one router and one API root (its query client made when the API layer first loads), in the shell providers.
import { useState } from 'react';
import { createApiRoot } from './api-root';
import { AppRouter, createAppRouter } from './router';
import { ShellProviders } from './shell-providers';

export function App() {
  const [{ router, apiRoot }] = useState(() => {
    const appRouter = createAppRouter();
    // The 401 handler lives outside React, so it navigates through the data router itself.
    const root = createApiRoot({
      navigate: (to) => void appRouter.navigate(to, { replace: true }),
      currentPath: () => appRouter.state.location.pathname,
    });
    return { router: appRouter, apiRoot: root };
  });
  return (
    <ShellProviders apiRoot={apiRoot}>
      <AppRouter router={router} />
    </ShellProviders>
  );
}
