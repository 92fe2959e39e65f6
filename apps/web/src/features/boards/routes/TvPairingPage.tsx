// /tv — a breakroom TV types the short code from the board dialog (or lands here from its QR code) and gets the board.
import { Box, Button, Center, chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { PAIRING_CODE_LENGTH, ZPairingCodeSchema } from '@cx/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-error';
import { useRedeemPairing } from '../api/boards';

export const WRONG_CODE =
  'That code is wrong, already used or expired. Show a new code from the breakroom board dialog.';

export function TvPairingPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redeem = useRedeemPairing();
  const [code, setCode] = useState(() =>
    (params.get('code') ?? '').toUpperCase().slice(0, PAIRING_CODE_LENGTH),
  );
  const [error, setError] = useState<string | null>(null);
  const tried = useRef(false);

  useEffect(() => {
    document.title = paths.tvPairing.title;
  }, []);

  const open = async (value: string) => {
    const parsed = ZPairingCodeSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? WRONG_CODE);
      return;
    }
    setError(null);
    try {
      const res = await redeem.mutateAsync({ body: { code: parsed.data } });
      void navigate(paths.board.getHref(res.body.token), { replace: true });
    } catch (err) {
      const info = describeApiError(err);
      setError(info.status === 404 ? WRONG_CODE : info.message);
    }
  };

  // Scanned from the dialog's QR code: the code is in the address, so the board opens without typing.
  useEffect(() => {
    if (tried.current || !params.get('code')) return;
    tried.current = true;
    void open(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the code the page opened with
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void open(code);
  };

  return (
    <Box as="main" bg="gray.950" color="white" minH="100dvh">
      <Center minH="100dvh" p={{ base: '5', md: '10' }}>
        <chakra.form onSubmit={submit} noValidate w="full" maxW="32rem">
          <Stack gap="6" textAlign="center">
            <Text as="h1" fontSize={{ base: '3xl', md: '5xl' }} fontWeight="semibold">
              Open the breakroom board
            </Text>
            <Text fontSize={{ base: 'lg', md: '2xl' }} color="whiteAlpha.800">
              Enter the {PAIRING_CODE_LENGTH}-character code shown in the board dialog on your phone or
              computer.
            </Text>
            <Field.Root invalid={Boolean(error)}>
              <Field.Label fontSize="lg" alignSelf="center">
                Pairing code
              </Field.Label>
              <Input
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase().replace(/\s+/g, ''))}
                maxLength={PAIRING_CODE_LENGTH}
                autoFocus
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                size="2xl"
                textAlign="center"
                fontFamily="mono"
                fontSize="4xl"
                letterSpacing="0.3em"
                bg="white"
                color="gray.900"
              />
              {error ? (
                <Field.ErrorText
                  fontSize="lg"
                  lineHeight="1.4"
                  textAlign="center"
                  color="red.300"
                  justifyContent="center"
                  role="alert"
                >
                  {error}
                </Field.ErrorText>
              ) : null}
            </Field.Root>
            <Button type="submit" size="2xl" colorPalette="brand" loading={redeem.isPending}>
              Open board
            </Button>
          </Stack>
        </chakra.form>
      </Center>
    </Box>
  );
}
