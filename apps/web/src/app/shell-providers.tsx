// The providers every page gets at once: Chakra (custom system), the API root the lazy API layer reads, the toaster.
import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { system } from '@/app/theme';
import { ApiRootContext, type TApiRoot } from './api-root';

// The toast region renders once something is toasted; its code (zag's toast machine) need not delay the first paint.
// A toast created before it mounts is shown when it does (the region starts from the store's visible toasts).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export type TShellProvidersProps = { apiRoot: TApiRoot; children: ReactNode };

export function ShellProviders({ apiRoot, children }: TShellProvidersProps) {
  return (
    <ChakraProvider value={system}>
      <ApiRootContext.Provider value={apiRoot}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ApiRootContext.Provider>
    </ChakraProvider>
  );
}
