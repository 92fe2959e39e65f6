// Small pieces every auth panel shares: the back/switch link, the form's primary button and the refusal toast.
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { toaster } from '@/components/ui/toaster';
import { authErrorMessage } from '../api/auth-calls';

/** The server's message (or a network problem) for a refused auth call, as an error toast. */
export const showError = (error: unknown) =>
  toaster.create({ type: 'error', title: authErrorMessage(error) });

export function BackLink({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Link
      as="button"
      type="button"
      color="brand.fg"
      fontSize="sm"
      fontWeight="medium"
      alignSelf="flex-start"
      onClick={onClick}
    >
      <LuArrowLeft aria-hidden="true" /> {children}
    </Link>
  );
}

export function SwitchLine({ text, action, onClick }: { text: string; action: string; onClick: () => void }) {
  return (
    <Text fontSize="sm" color="fg.muted" textAlign="center">
      {text}{' '}
      <Link as="button" type="button" color="brand.fg" fontWeight="semibold" onClick={onClick}>
        {action}
      </Link>
    </Text>
  );
}

export function SubmitButton({ children, loading }: { children: ReactNode; loading: boolean }) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" w="full" loading={loading}>
      {children}
    </Button>
  );
}

/** A vertical form that leaves validation to the zod schema (no browser bubbles), so the spec's messages show. */
export function FormStack({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Stack asChild gap="4">
      <form noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Stack>
  );
}
