// Forgot password → OTP → new password: each panel with its back link, the spec's toasts and the 500 ms step to the last.
import { Link, Text } from '@chakra-ui/react';
import { USER_MESSAGES, ZForgotPasswordSchema, ZNewPasswordSchema, ZOtpSchema } from '@cx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toaster } from '@/components/ui/toaster';
import { useZodForm } from '@/hooks/use-zod-form';
import { forgotPassword, resetPassword, verifyOtp } from '../api/auth-calls';
import { EmailField, NewPasswordFields, TextField } from './FormFields';
import { BackLink, FormStack, showError, SubmitButton } from './PanelParts';

/** Spec §9: the new-password panel follows a verified OTP after 500 ms. */
export const OTP_TO_NEW_PASSWORD_DELAY_MS = 500;
const OTP_SENT_TOAST_MS = 5000;

const otpSentToast = () =>
  toaster.create({ type: 'success', title: USER_MESSAGES.otpSent, duration: OTP_SENT_TOAST_MS });

export type TForgotPanelProps = {
  initialEmail?: string;
  onBack: () => void;
  onSent: (email: string) => void;
};

export function ForgotPasswordPanel({ initialEmail = '', onBack, onSent }: TForgotPanelProps) {
  const form = useZodForm(ZForgotPasswordSchema, { email: initialEmail });
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (_body, variables) => {
      otpSentToast();
      onSent(variables.email);
    },
    onError: showError,
  });
  return (
    <FormStack onSubmit={form.handleSubmit((data) => mutation.mutate(data))}>
      <BackLink onClick={onBack}>Back to login</BackLink>
      <Text color="fg.muted">Enter your account’s email and we’ll send you a 6-digit code.</Text>
      <EmailField {...form.field('email')} />
      <SubmitButton loading={mutation.isPending}>Send OTP</SubmitButton>
    </FormStack>
  );
}

export type TOtpPanelProps = { email: string; onBack: () => void; onVerified: (resetToken: string) => void };

export function OtpPanel({ email, onBack, onVerified }: TOtpPanelProps) {
  const form = useZodForm(ZOtpSchema, { otp: '' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const verify = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (body) => {
      toaster.create({ type: 'success', title: USER_MESSAGES.otpVerified });
      timer.current = setTimeout(() => onVerified(body.resetToken), OTP_TO_NEW_PASSWORD_DELAY_MS);
    },
    onError: showError,
  });
  const resend = useMutation({ mutationFn: forgotPassword, onSuccess: otpSentToast, onError: showError });
  return (
    <FormStack onSubmit={form.handleSubmit(({ otp }) => verify.mutate({ email, otp }))}>
      <BackLink onClick={onBack}>Back</BackLink>
      <Text color="fg.muted">
        Enter the code we sent to <strong>{email}</strong>. It is valid for 10 minutes.
      </Text>
      <TextField label="OTP" inputMode="numeric" autoComplete="one-time-code" {...form.field('otp')} />
      <SubmitButton loading={verify.isPending || verify.isSuccess}>Verify OTP</SubmitButton>
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        Didn’t get it?{' '}
        <Link
          as="button"
          type="button"
          color="brand.fg"
          fontWeight="semibold"
          aria-disabled={resend.isPending}
          onClick={() => resend.mutate({ email })}
        >
          Resend OTP
        </Link>
      </Text>
    </FormStack>
  );
}

export type TNewPasswordPanelProps = {
  email: string;
  resetToken: string;
  onBack: () => void;
  onDone: (email: string) => void;
};

export function NewPasswordPanel({ email, resetToken, onBack, onDone }: TNewPasswordPanelProps) {
  const form = useZodForm(ZNewPasswordSchema, { password: '', confirmPassword: '' });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (body) => {
      toaster.create({ type: 'success', title: body.message || USER_MESSAGES.passwordUpdated });
      onDone(email);
    },
    onError: showError,
  });
  return (
    <FormStack
      onSubmit={form.handleSubmit(({ password }) => mutation.mutate({ email, password, resetToken }))}
    >
      <BackLink onClick={onBack}>Back</BackLink>
      <NewPasswordFields
        label="New Password"
        password={form.field('password')}
        confirm={form.field('confirmPassword')}
      />
      <SubmitButton loading={mutation.isPending}>Update Password</SubmitButton>
    </FormStack>
  );
}
