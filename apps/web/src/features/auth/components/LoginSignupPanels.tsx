// The login and sign-up panels: spec §5 validation from the shared schemas, §8 success toasts, server messages on failure.
import { Link } from '@chakra-ui/react';
import { USER_MESSAGES, ZLoginSchema, ZSignupSchema, type TUser } from '@cx/contracts';
import { useMutation } from '@tanstack/react-query';
import { toaster } from '@/components/ui/toaster';
import { useZodForm } from '@/hooks/use-zod-form';
import { browserTimeZone, login, signup } from '../api/auth-calls';
import { EmailField, FullNameField, NewPasswordFields, PasswordField } from './FormFields';
import { FormStack, showError, SubmitButton, SwitchLine } from './PanelParts';

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
      <EmailField {...form.field('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
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
