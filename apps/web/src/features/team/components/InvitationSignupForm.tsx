// A new person signs up from an invitation link: name and password (the link proves the address), then the dashboard.
import { Button, chakra, Field, Input, Stack } from '@chakra-ui/react';
import { USER_MESSAGES, ZInvitationSignupSchema } from '@cx/contracts';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormErrorAlert } from '@/components/DialogShell';
import { paths } from '@/config/paths';
import { browserTimeZone } from '@/features/auth/api/auth-calls';
import { useZodForm } from '@/hooks/use-zod-form';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors } from '@/lib/form-errors';
import { startInvitedSession, useSignupWithInvitation } from '../api/business';
import { useQueryClient } from '@tanstack/react-query';

const ZFormSchema = ZInvitationSignupSchema.pick({ fullname: true, password: true })
  .extend({ confirmPassword: z.string().min(1, USER_MESSAGES.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: USER_MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });

export function InvitationSignupForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const signup = useSignupWithInvitation();
  const queryClient = useQueryClient();
  const form = useZodForm(ZFormSchema, { fullname: '', password: '', confirmPassword: '' });
  const failure = signup.isError ? apiErrorMessage(signup.error) : null;

  const onSubmit = form.handleSubmit(({ fullname, password }) =>
    signup.mutate(
      { body: { token, fullname, password, timeZone: browserTimeZone() } },
      {
        onSuccess: ({ body }) => {
          startInvitedSession(queryClient, body);
          void navigate(paths.business.dashboard.path, { replace: true });
        },
        onError: (error) => form.setServerErrors(serverFormErrors(error)),
      },
    ),
  );

  const input = (
    name: 'fullname' | 'password' | 'confirmPassword',
    label: string,
    type: string,
    autoComplete: string,
  ) => {
    const f = form.field(name);
    return (
      <Field.Root invalid={Boolean(f.error)} required>
        <Field.Label>{label}</Field.Label>
        <Input
          name={f.name}
          type={type}
          autoComplete={autoComplete}
          value={f.value}
          onChange={f.onChange}
          onBlur={f.onBlur}
        />
        <Field.ErrorText>{f.error}</Field.ErrorText>
      </Field.Root>
    );
  };

  return (
    <chakra.form onSubmit={onSubmit} noValidate aria-label="Create your account">
      <Stack gap="4">
        <FormErrorAlert message={failure} role="alert" />
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input value={email} readOnly autoComplete="username" />
          <Field.HelperText>The invitation was sent to this address.</Field.HelperText>
        </Field.Root>
        {input('fullname', 'Full name', 'text', 'name')}
        {input('password', 'Password', 'password', 'new-password')}
        {input('confirmPassword', 'Confirm password', 'password', 'new-password')}
        <Button type="submit" colorPalette="brand" loading={signup.isPending}>
          Create account and join
        </Button>
      </Stack>
    </chakra.form>
  );
}
