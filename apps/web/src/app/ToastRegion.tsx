// The page's one toast region with its own Chakra provider: mounted by the shell providers once the toaster has loaded.
import { ChakraProvider } from '@chakra-ui/react';
import { Toaster } from '@/components/ui/toaster';
import { system } from './theme';

export default function ToastRegion() {
  return (
    <ChakraProvider value={system}>
      <Toaster />
    </ChakraProvider>
  );
}
