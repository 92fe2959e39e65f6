// Mail links that land on /: ?emailVerified=1|0 (say what happened, open the login panel) and ?forgotPassword=<email>
// (the failed sign-in warning: open Forgot Password for that email); the flag is then removed from the URL.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { authDialog } from '@/lib/auth-dialog';

export const EMAIL_VERIFIED_MESSAGE = 'Your email is verified. You can log in now.';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'This verification link is invalid or has expired. Log in to get a new one.';

export function EmailVerificationNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const flag = params.get('emailVerified');
    const forgotFor = params.get('forgotPassword');
    if (flag === null && forgotFor === null) return;
    if (flag !== null) {
      toaster.create(
        flag === '1'
          ? { type: 'success', title: EMAIL_VERIFIED_MESSAGE }
          : { type: 'error', title: EMAIL_NOT_VERIFIED_MESSAGE },
      );
    }
    params.delete('emailVerified');
    params.delete('forgotPassword');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    if (forgotFor !== null) authDialog.open('forgot', { email: forgotFor });
    else authDialog.open('login');
  }, [location.pathname, location.search, navigate]);
  return null;
}
