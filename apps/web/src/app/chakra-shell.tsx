// Chakra's provider with the app's system, in its own lazy chunk: loaded by the routes and pieces that render Chakra
// components (every page but the landing page), so the landing page never downloads or evaluates the theme.
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { system } from './theme';

export function ChakraShell({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

/** A pathless layout route: the pages below it render Chakra components. */
export function ChakraOutlet() {
  return (
    <ChakraShell>
      <Outlet />
    </ChakraShell>
  );
}

export default ChakraShell;
