// The whole provider stack at once (shell, Chakra and API layer) for a piece rendered outside the router, e.g. a
// component test.
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import ApiProvider from './ApiProvider';
import { ChakraShell } from './chakra-shell';
import { createApiRoot } from './api-root';
import { ShellProviders } from './shell-providers';

export type TAppProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: TAppProvidersProps) {
  const [apiRoot] = useState(() =>
    createApiRoot({ navigate: () => undefined, currentPath: () => window.location.pathname }, queryClient),
  );
  return (
    <ShellProviders apiRoot={apiRoot}>
      <ChakraShell>
        <ApiProvider>{children}</ApiProvider>
      </ChakraShell>
    </ShellProviders>
  );
}
