// Wraps a piece that calls the API but sits outside the API routes (account menu, auth dialog, the signed-in user
// check): the API layer loads with it, behind its own fallback, instead of with the page.
import { lazy, Suspense, type ReactNode } from 'react';

const ApiProvider = lazy(() => import('./ApiProvider'));

export function WithApi({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <ApiProvider>{children}</ApiProvider>
    </Suspense>
  );
}
