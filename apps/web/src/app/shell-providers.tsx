// The providers every page gets at once: Chakra (custom system), the API root the lazy API layer reads, the toaster.
import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { system } from '@/app/theme';
import { useToasterLoaded } from '@/components/ui/toaster-loaded';
import { ApiRootContext, type TApiRoot } from './api-root';

// The toast region mounts once some loaded code can toast (it imported the toaster), not with the first paint; a
// toast created before it mounts is shown when it does (the region starts from the store's visible toasts).
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

export type TShellProvidersProps = { apiRoot: TApiRoot; children: ReactNode };

export function ShellProviders({ apiRoot, children }: TShellProvidersProps) {
  const toasterLoaded = useToasterLoaded();
  return (
    <ChakraProvider value={system}>
      <ApiRootContext.Provider value={apiRoot}>
        {children}
        {toasterLoaded ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </ApiRootContext.Provider>
    </ChakraProvider>
  );
}
