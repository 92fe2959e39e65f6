// The login (with its mailed-code step) and sign-up panels: spec §5 validation, §8 success toasts, server messages.
import { Link, Text } from '@chakra-ui/react';
import {
  USER_MESSAGES,
  ZLoginCodeSchema,
  ZLoginSchema,
  ZSignupSchema,
  type TLogin,
  type TUser,
} from '@cx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useZodForm } from '@/hooks/use-zod-form';
import { AuthCallError, browserTimeZone, isLoginCodeRequired, login, signup } from '../api/auth-calls';
import { EmailField, FullNameField, NewPasswordFields, PasswordField, TextField } from './FormFields';
import { FormStack, showError, SubmitButton, SwitchLine } from './PanelParts';

export type TLoginPanelProps = {
  initialEmail?: string;
  onSignup: () => void;
  onForgot: (email: string) => void;
  onSuccess: (session: { token: string; user: TUser }) => void;
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Email and password; while the account is throttled and this browser is not one of its known devices (an httpOnly
 * cookie only the API reads), the API asks for the code it mailed, and the panel adds a code field (with resend).
 */
export function LoginPanel({ initialEmail = '', onSignup, onForgot, onSuccess }: TLoginPanelProps) {
  const form = useZodForm(ZLoginSchema, { email: initialEmail, password: '' });
  const codeForm = useZodForm(ZLoginCodeSchema, { code: '' });
  /** The email the mailed-code step was asked for; editing the email leaves the step. */
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const codeStep = codeFor !== null && sameEmail(codeFor, form.values.email);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (body) => {
      toaster.create({ type: 'success', title: USER_MESSAGES.loginSuccess });
      onSuccess({ token: body.token, user: body.user });
    },
    onError: (error, variables) => {
      if (isLoginCodeRequired(error)) {
        if (codeStep) toaster.create({ type: 'info', title: 'We emailed you a new code.' });
        else codeForm.reset({ code: '' });
        setCodeFor(variables.email);
        return;
      }
      const codeError = error instanceof AuthCallError ? error.fieldErrors?.code?.[0] : undefined;
      if (codeError && variables.code) codeForm.setServerErrors({ code: codeError });
      else showError(error);
    },
  });
  const send = (data: TLogin, code?: string) => mutation.mutate({ ...data, ...(code ? { code } : {}) });
  const submit = form.handleSubmit((data) => {
    if (codeStep) codeForm.handleSubmit(({ code }) => send(data, code))();
    else send(data);
  });
  return (
    <FormStack onSubmit={submit}>
      <EmailField {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
      {codeStep ? (
        <>
          <Text role="status" color="fg.muted">
            {USER_MESSAGES.loginCodeRequired} A code goes to <strong>{form.values.email.trim()}</strong> only
            when the password is right, and is valid for 10 minutes.
          </Text>
          <TextField
            label="Code from email"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...codeForm.field('code')}
          />
          <Link
            as="button"
            type="button"
            alignSelf="flex-start"
            fontSize="sm"
            color="brand.fg"
            aria-disabled={mutation.isPending}
            onClick={form.handleSubmit((data) => send(data))}
          >
            Resend code
          </Link>
        </>
      ) : null}
      <Link
        as="button"
        type="button"
        alignSelf="flex-end"
        fontSize="sm"
        color="brand.fg"
        onClick={() => onForgot(form.values.email)}
      >
        Forgot password?
      </Link>
      <SubmitButton loading={mutation.isPending}>Login</SubmitButton>
      <SwitchLine text="Don’t have an account?" action="Sign up" onClick={onSignup} />
    </FormStack>
  );
}

export type TSignupPanelProps = { onLogin: (email?: string) => void };

export function SignupPanel({ onLogin }: TSignupPanelProps) {
  const form = useZodForm(ZSignupSchema, { fullname: '', email: '', password: '', confirmPassword: '' });
  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: (_body, variables) => {
      toaster.create({ type: 'success', title: USER_MESSAGES.signupSuccess });
      onLogin(variables.email);
    },
    onError: showError,
  });
  return (
    <FormStack
      onSubmit={form.handleSubmit(({ fullname, email, password }) =>
        mutation.mutate({ fullname, email, password, timeZone: browserTimeZone() }),
      )}
    >
      <FullNameField {...form.field('fullname')} />
      <EmailField {...form.field('email')} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirmPassword')} />
      <SubmitButton loading={mutation.isPending}>Sign up</SubmitButton>
      <SwitchLine text="Already have an account?" action="Login" onClick={() => onLogin()} />
    </FormStack>
  );
}
