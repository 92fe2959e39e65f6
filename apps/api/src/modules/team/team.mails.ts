// The invitation mail: who invites you to which business, as what, and the single-use link (valid 7 days).
import { INVITATION_TTL_DAYS } from '@cx/contracts';
import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../../lib/mailer';

const BRAND = 'CX Journey';

export interface InvitationMailInput {
  to: string;
  businessName: string;
  inviterName: string;
  /** e.g. "Store manager of Soho". */
  roleText: string;
  link: string;
}

export function invitationMail(m: InvitationMailInput): Mail {
  const intro = `${m.inviterName} invited you to join ${m.businessName} on ${BRAND} as ${m.roleText}.`;
  const validity = `The link works once and for ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this mail.`;
  return {
    to: m.to,
    subject: `${m.inviterName} invited you to ${m.businessName} on ${BRAND}`,
    text: `Hello,\n\n${intro}\n\nAccept the invitation by opening this link:\n${m.link}\n\n${validity}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<h2>${escapeHtml(`Join ${m.businessName}`)}</h2><p>Hello,</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(m.link)}">Accept the invitation</a></p><p>${escapeHtml(validity)}</p>
<p style="color:#718096;font-size:12px">${BRAND}: Your CX Journey…see through</p></body></html>`,
    devPreview: { link: m.link },
  };
}
