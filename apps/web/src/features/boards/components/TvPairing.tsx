// "Pair a TV" in the board dialog: a short code and its QR code for the breakroom TV, with the minutes it has left.
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { TPairing, TStore } from '@cx/contracts';
import { useEffect, useState } from 'react';
import { LuMonitor } from 'react-icons/lu';
import { QrCode } from '@/components/QrCode';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { useCreatePairing } from '../api/boards';

/** "9:41" until the code expires, or null once it has. */
function useTimeLeft(expiresAt: string | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  const left = Math.floor((Date.parse(expiresAt) - now) / 1000);
  if (left <= 0) return null;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

function PairingCode({ pairing, onNew }: { pairing: TPairing; onNew: () => void }) {
  const left = useTimeLeft(pairing.expiresAt);
  const tvAddress = pairing.pairUrl.replace(/^https?:\/\//, '').replace(/\?.*$/, '');
  if (!left) {
    return (
      <Stack gap="2" borderWidth="1px" rounded="lg" p="3" role="status">
        <Text>The code has expired.</Text>
        <Button size="sm" variant="outline" alignSelf="start" onClick={onNew}>
          Show a new code
        </Button>
      </Stack>
    );
  }
  return (
    <Flex
      gap="4"
      borderWidth="1px"
      borderColor="teal.300"
      bg="teal.subtle"
      rounded="lg"
      p="3"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'center' }}
    >
      <Box alignSelf="center" flexShrink={0} bg="white" p="1" rounded="md">
        <QrCode
          value={pairing.pairUrl}
          label={`QR code that opens the board: ${pairing.pairUrl}`}
          size={136}
        />
      </Box>
      <Stack gap="1" minW="0">
        <Text fontSize="sm">
          On the TV, open <strong>{tvAddress}</strong> and enter:
        </Text>
        <Text
          fontFamily="mono"
          fontSize="3xl"
          fontWeight="bold"
          letterSpacing="0.2em"
          data-testid="pairing-code"
        >
          {pairing.code}
        </Text>
        <Text fontSize="sm" color="fg.muted" role="timer" aria-live="off">
          Works once, for {left} more. The QR code holds the same address and code.
        </Text>
      </Stack>
    </Flex>
  );
}

export function TvPairing({ store }: { store: TStore }) {
  const create = useCreatePairing();
  const [pairing, setPairing] = useState<TPairing | null>(null);
  const show = async () => {
    try {
      setPairing((await create.mutateAsync({ body: { store: store._id } })).body);
    } catch (error) {
      toaster.error({ title: apiErrorMessage(error) });
    }
  };
  return (
    <Stack gap="3">
      <Button variant="outline" alignSelf="start" loading={create.isPending} onClick={() => void show()}>
        <LuMonitor aria-hidden /> Pair a TV with a code
      </Button>
      {pairing ? <PairingCode pairing={pairing} onNew={() => void show()} /> : null}
    </Stack>
  );
}
