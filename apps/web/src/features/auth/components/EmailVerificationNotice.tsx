// Mail links that land on /: ?emailVerified=1|0 (the link's first use carries #signIn=<code>: sign in and go to the
// dashboard; otherwise say what happened and open the login panel) and ?forgotPassword=<email> (the failed sign-in
// warning: open Forgot Password for that email); the flag and the code are then removed from the URL.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { authDialog } from '@/lib/auth-dialog';
import { session } from '@/lib/session';
import { authErrorMessage, signInWithVerificationCode } from '../api/auth-calls';
import { toSessionUser } from '../api/session-user';

export const EMAIL_VERIFIED_MESSAGE = 'Your email is verified. You can log in now.';
export const EMAIL_VERIFIED_SIGNED_IN_MESSAGE = 'Your email is verified. Welcome!';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'This verification link is invalid or has expired. Log in to get a new one.';

/** Codes already sent: a re-run effect (React's development double run) must not spend a code twice. */
const exchanged = new Set<string>();

function signInCodeOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('signIn');
}

export function EmailVerificationNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const flag = params.get('emailVerified');
    const forgotFor = params.get('forgotPassword');
    if (flag === null && forgotFor === null) return;
    const code = flag === '1' ? signInCodeOf(location.hash) : null;
    params.delete('emailVerified');
    params.delete('forgotPassword');
    const search = params.toString();
    // Replacing the entry also drops the fragment, so the code never stays in the browser's history.
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    if (code) {
      if (exchanged.has(code)) return;
      exchanged.add(code);
      signInWithVerificationCode(code)
        .then(({ token, user }) => {
          // Whoever was signed in on this browser before: their cached data must never show for the new owner.
          queryClient.clear();
          session.start({ token, user: toSessionUser(user) });
          toaster.create({ type: 'success', title: EMAIL_VERIFIED_SIGNED_IN_MESSAGE });
          void navigate(paths.business.dashboard.path, { replace: true });
        })
        .catch((error: unknown) => {
          toaster.create({ type: 'error', title: authErrorMessage(error) });
          authDialog.open('login');
        });
      return;
    }
    if (flag !== null) {
      toaster.create(
        flag === '1'
          ? { type: 'success', title: EMAIL_VERIFIED_MESSAGE }
          : { type: 'error', title: EMAIL_NOT_VERIFIED_MESSAGE },
      );
    }
    if (forgotFor !== null) authDialog.open('forgot', { email: forgotFor });
    else authDialog.open('login');
  }, [location.pathname, location.search, location.hash, navigate, queryClient]);
  return null;
}
