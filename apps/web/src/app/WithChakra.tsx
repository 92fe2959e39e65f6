// Wraps a Chakra piece that sits on a page without Chakra (the account menu and auth dialog on the public pages):
// Chakra's provider loads with it, behind its own fallback.
import { lazy, Suspense, type ReactNode } from 'react';

const ChakraShell = lazy(() => import('./chakra-shell'));

export function WithChakra({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <ChakraShell>{children}</ChakraShell>
    </Suspense>
  );
}
