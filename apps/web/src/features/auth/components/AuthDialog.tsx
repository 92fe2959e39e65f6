// The auth dialog: login, sign up, forgot password, OTP and new password panels plus the plans view (spec §2, §4).
import { Dialog } from '@chakra-ui/react';
import { ACCESS_MESSAGES, type TUser } from '@cx/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogShell } from '@/components/DialogShell';
import { paths } from '@/config/paths';
import { authDialog, type TAuthDialogView } from '@/lib/auth-dialog';
import { useAccess } from '@/lib/role';
import { session, useSession } from '@/lib/session';
import { toSessionUser } from '../api/session-user';
import { LoginPanel, SignupPanel } from './LoginSignupPanels';
import { ForgotPasswordPanel, NewPasswordPanel, OtpPanel } from './PasswordResetPanels';
import { PlansView } from './PlansView';

export type TAuthPanel = 'login' | 'signup' | 'forgot' | 'otp' | 'newPassword' | 'plans';

export const PANEL_TITLES: Record<TAuthPanel, string> = {
  login: 'Login',
  signup: 'Sign Up',
  forgot: 'Forgot Password',
  otp: 'OTP Verification',
  newPassword: 'New Password',
  plans: 'Choose your plan',
};

export type TAuthDialogProps = { view: TAuthDialogView | null; onClose: () => void };

export function AuthDialog({ view, onClose }: TAuthDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn } = useSession();
  const access = useAccess();
  const [panel, setPanel] = useState<TAuthPanel>(view ?? 'login');
  const [openedAs, setOpenedAs] = useState<TAuthDialogView | null>(view);
  const [email, setEmail] = useState(() => authDialog.options().email ?? '');
  const [resetToken, setResetToken] = useState('');

  // Each opening starts at the panel it was opened for (adjusting state during render, not in an effect).
  if (view !== openedAs) {
    setOpenedAs(view);
    if (view) {
      setPanel(view);
      setResetToken('');
      const prefill = authDialog.options().email;
      if (prefill) setEmail(prefill);
    }
  }

  const onLoggedIn = ({ token, user }: { token: string; user: TUser }) => {
    // Opened from a page that continues after login (e.g. an invitation link): back there, not to the dashboard.
    const returnTo = authDialog.options().returnTo;
    // Another user's cached data must never show for this one.
    queryClient.clear();
    session.start({ token, user: toSessionUser(user) });
    onClose();
    void navigate(returnTo ?? paths.business.dashboard.path);
  };

  const go = (next: TAuthPanel, nextEmail?: string) => {
    if (nextEmail !== undefined) setEmail(nextEmail);
    setPanel(next);
  };

  return (
    <DialogShell
      open={view !== null}
      onClose={onClose}
      title={PANEL_TITLES[panel]}
      size={{ base: 'full', sm: panel === 'plans' ? 'lg' : 'md' }}
      scrollBehavior="inside"
    >
      <Dialog.Body pb="6">
        {panel === 'login' && (
          <LoginPanel
            key={`login-${email}`}
            initialEmail={email}
            onSignup={() => go('signup')}
            onForgot={(typed) => go('forgot', typed)}
            onSuccess={onLoggedIn}
          />
        )}
        {panel === 'signup' && <SignupPanel onLogin={(signedUp) => go('login', signedUp ?? email)} />}
        {panel === 'forgot' && (
          <ForgotPasswordPanel
            initialEmail={email}
            onBack={() => go('login')}
            onSent={(sentTo) => go('otp', sentTo)}
          />
        )}
        {panel === 'otp' && (
          <OtpPanel
            email={email}
            onBack={() => go('forgot')}
            onVerified={(token) => {
              setResetToken(token);
              go('newPassword');
            }}
          />
        )}
        {panel === 'newPassword' && (
          <NewPasswordPanel
            email={email}
            resetToken={resetToken}
            onBack={() => go('otp')}
            onDone={(done) => go('login', done)}
          />
        )}
        {panel === 'plans' && (
          <PlansView
            actionLabel={isSignedIn ? 'Go to My Subscription' : 'Get started'}
            refusal={
              isSignedIn && access.role && !access.can('billing:read')
                ? ACCESS_MESSAGES.billingOwnerOnly
                : undefined
            }
            onChoose={() => {
              if (isSignedIn) {
                onClose();
                void navigate(paths.business.mySubscription.path);
              } else {
                go('signup');
              }
            }}
          />
        )}
      </Dialog.Body>
    </DialogShell>
  );
}

export default AuthDialog;
