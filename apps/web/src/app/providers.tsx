// App-wide providers: Chakra (custom system), react-query with the tsr client, and the toaster.
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { system } from '@/app/theme';
import { Toaster } from '@/components/ui/toaster';
import { tsr } from '@/lib/api-client';

export type TAppProvidersProps = { queryClient: QueryClient; children: ReactNode };

export function AppProviders({ queryClient, children }: TAppProvidersProps) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          {children}
          <Toaster />
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
