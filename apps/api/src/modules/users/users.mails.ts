// The account mails: verification link, password-reset OTP, sign-in code, failed sign-in warning, and the taken-email note.
import { env } from '../../config/env';
import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

const BRAND = 'CX Journey';

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<h2>${escapeHtml(title)}</h2>${bodyHtml}
<p style="color:#718096;font-size:12px">${BRAND}: Your CX Journey…see through</p></body></html>`;
}

export function verificationMail(to: string, fullname: string, link: string): Mail {
  return {
    to,
    subject: `Verify your email for ${BRAND}`,
    text: `Hello ${fullname},\n\nPlease confirm your email address by opening this link:\n${link}\n\nThe link is valid for 3 days. If you did not sign up, ignore this mail.\n`,
    html: layout(
      'Verify your email',
      `<p>Hello ${escapeHtml(fullname)},</p><p>Please confirm your email address:</p>
<p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link is valid for 3 days. If you did not sign up, ignore this mail.</p>`,
    ),
    devPreview: { link },
  };
}

export function otpMail(to: string, fullname: string, code: string): Mail {
  return {
    to,
    subject: `Your ${BRAND} password reset code`,
    text: `Hello ${fullname},\n\nYour password reset code is: ${code}\n\nIt expires in 10 minutes and can be used once. If you did not ask for it, ignore this mail.\n`,
    html: layout(
      'Password reset code',
      `<p>Hello ${escapeHtml(fullname)},</p><p>Your password reset code is:</p>
<p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p><p>It expires in 10 minutes and can be used once.</p>`,
    ),
    devPreview: { code },
  };
}

/** Where a mail sends the owner to change their password: the web's Forgot Password panel, their email filled in. */
export function changePasswordLink(email: string): string {
  return `${env.PUBLIC_WEB_URL}/?${new URLSearchParams({ forgotPassword: email }).toString()}`;
}

/** The login's second step: only someone who typed the right password from an unknown device gets this sent. */
export function loginCodeMail(to: string, fullname: string, code: string, changeLink: string): Mail {
  const warning =
    'Someone signed in with your password from a device we have not seen, while your account was receiving many ' +
    'failed sign-in attempts. If it was not you, change your password now:';
  return {
    to,
    subject: `Your ${BRAND} sign-in code`,
    text: `Hello ${fullname},\n\nYour sign-in code is: ${code}\n\nIt expires in 10 minutes and can be used once.\n${warning}\n${changeLink}\n`,
    html: layout(
      'Sign-in code',
      `<p>Hello ${escapeHtml(fullname)},</p><p>Your sign-in code is:</p>
<p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p><p>It expires in 10 minutes and can be used once.</p>
<p>${escapeHtml(warning)} <a href="${escapeHtml(changeLink)}">Change my password</a></p>`,
    ),
    devPreview: { code, link: changeLink },
  };
}

/** The owner's warning when strangers pass the failed sign-in limit: what still works, and how to change the password. */
export function failedAttemptsMail(to: string, fullname: string, changeLink: string, webUrl: string): Mail {
  const what =
    'There have been many failed sign-in attempts on your account with wrong passwords. Your account is not ' +
    'locked: browsers you signed in with before still sign in with your password as usual, and any other device ' +
    'now also needs a code we email to you.';
  const advice =
    'If these attempts were not yours and you think someone may know your password, change it now:';
  return {
    to,
    subject: `Failed sign-in attempts on your ${BRAND} account`,
    text: `Hello ${fullname},\n\n${what}\n\n${advice}\n${changeLink}\n\nIf it was you, nothing needs doing: log in at ${webUrl}.\n`,
    html: layout(
      'Failed sign-in attempts',
      `<p>Hello ${escapeHtml(fullname)},</p><p>${escapeHtml(what)}</p>
<p>${escapeHtml(advice)}</p><p><a href="${escapeHtml(changeLink)}">Change my password</a></p>
<p>If it was you, nothing needs doing: <a href="${escapeHtml(webUrl)}">log in</a>.</p>`,
    ),
    devPreview: { link: changeLink },
  };
}

/** Sign-up answers the same for a taken email (no enumeration); the owner learns about it here instead. */
export function accountExistsMail(to: string, fullname: string, webUrl: string): Mail {
  return {
    to,
    subject: `You already have a ${BRAND} account`,
    text: `Hello ${fullname},\n\nSomeone tried to create a ${BRAND} account with this email address, which already has one.\nIf it was you, log in at ${webUrl} or use "Forgot password".\n`,
    html: layout(
      'You already have an account',
      `<p>Hello ${escapeHtml(fullname)},</p><p>Someone tried to create an account with this email address, which already has one.
If it was you, <a href="${escapeHtml(webUrl)}">log in</a> or use "Forgot password".</p>`,
    ),
    devPreview: { link: webUrl },
  };
}
