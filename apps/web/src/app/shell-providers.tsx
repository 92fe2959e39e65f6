// The providers every page gets at once: the API root the lazy API layer reads, and the toast region once any code
// has loaded the toaster. No Chakra here: the routes and pieces that render Chakra load its provider (chakra-shell).
import { lazy, Suspense, type ReactNode } from 'react';
import { useToasterLoaded } from '@/components/ui/toaster-loaded';
import { ApiRootContext, type TApiRoot } from './api-root';

const ToastRegion = lazy(() => import('./ToastRegion'));

export type TShellProvidersProps = { apiRoot: TApiRoot; children: ReactNode };

/**
 * The toast region mounts once some loaded code can toast (it imported the toaster); a toast created before the region
 * listens is held by the toaster and shown when it does (a mail link's landing toasts at once).
 */
export function ShellProviders({ apiRoot, children }: TShellProvidersProps) {
  const toasterLoaded = useToasterLoaded();
  return (
    <ApiRootContext.Provider value={apiRoot}>
      {toasterLoaded ? (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      ) : null}
      {children}
    </ApiRootContext.Provider>
  );
}
