// The providers every page gets at once: Chakra (custom system), the API root the lazy API layer reads, the toaster.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '@/app/theme';
import { Toaster } from '@/components/ui/toaster';
import { ApiRootContext, type TApiRoot } from './api-root';

export type TShellProvidersProps = { apiRoot: TApiRoot; children: ReactNode };

/**
 * The toast region mounts with the first paint: a region mounted later (lazily, once some code imported the toaster)
 * missed in Chromium the toast a mail link's landing creates at once ("Your email is verified…").
 */
export function ShellProviders({ apiRoot, children }: TShellProvidersProps) {
  return (
    <ChakraProvider value={system}>
      <ApiRootContext.Provider value={apiRoot}>
        {children}
        <Toaster />
      </ApiRootContext.Provider>
    </ChakraProvider>
  );
}
