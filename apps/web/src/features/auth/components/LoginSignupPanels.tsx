// The login and sign-up panels: spec §5 validation from the shared schemas, §8 success toasts, server messages on failure.
import { Link } from '@chakra-ui/react';
import { USER_MESSAGES, ZLoginSchema, ZSignupSchema, type TUser } from '@cx/contracts';
import { useMutation } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { useZodForm } from '@/hooks/use-zod-form';
import { authErrorMessage, browserTimeZone, login, signup } from '../api/auth-calls';
import { PasswordField, TextField } from './FormFields';
import { FormStack, SubmitButton, SwitchLine } from './PanelParts';

const showError = (error: unknown) => toaster.create({ type: 'error', title: authErrorMessage(error) });

export type TLoginPanelProps = {
  initialEmail?: string;
  onSignup: () => void;
  onForgot: (email: string) => void;
  onSuccess: (session: { token: string; user: TUser }) => void;
};

export function LoginPanel({ initialEmail = '', onSignup, onForgot, onSuccess }: TLoginPanelProps) {
  const form = useZodForm(ZLoginSchema, { email: initialEmail, password: '' });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (body) => {
      toaster.create({ type: 'success', title: USER_MESSAGES.loginSuccess });
      onSuccess({ token: body.token, user: body.user });
    },
    onError: showError,
  });
  return (
    <FormStack onSubmit={form.handleSubmit((data) => mutation.mutate(data))}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...form.field('email')}
        error={form.errors.email}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        {...form.field('password')}
        error={form.errors.password}
      />
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
      <TextField
        label="Full Name"
        autoComplete="name"
        {...form.field('fullname')}
        error={form.errors.fullname}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...form.field('email')}
        error={form.errors.email}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        {...form.field('password')}
        error={form.errors.password}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
        error={form.errors.confirmPassword}
      />
      <SubmitButton loading={mutation.isPending}>Sign up</SubmitButton>
      <SwitchLine text="Already have an account?" action="Login" onClick={() => onLogin()} />
    </FormStack>
  );
}
