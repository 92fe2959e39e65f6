// The mails a customer gets about their case, sent from the business's name: a reply, and "did we put it right?".
import { escapeHtml, type Mail } from '../../lib/mailer';

interface Sender {
  businessName: string;
  storeName: string;
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;max-width:560px">${body}</body></html>`;

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** A member's reply: the text, and the link to answer (the customer's address is never in the link). */
export function caseReplyMail(to: string, from: Sender, text: string, link: string): Mail {
  const subject = `${from.businessName} replied about your visit to ${from.storeName}`;
  return {
    to,
    fromName: from.businessName,
    subject,
    text:
      `${text}\n\n` +
      `Answer ${from.businessName}: ${link}\n\n` +
      `You get this because you asked ${from.businessName} to contact you about your visit to ${from.storeName}.\n`,
    html: page(`${paragraphs(text)}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:6px">Answer ${escapeHtml(from.businessName)}</a></p>
<p style="font-size:12px;color:#4a5568">You get this because you asked ${escapeHtml(from.businessName)} to contact you about your visit to ${escapeHtml(from.storeName)}.</p>`),
    devPreview: { link },
  };
}

/** Asked once after the case is resolved; the answers make the recovery rate. */
export function recoveryAskMail(to: string, from: Sender, link: string): Mail {
  return {
    to,
    fromName: from.businessName,
    subject: `Did we put it right? ${from.businessName}`,
    text:
      `${from.businessName} has marked your feedback about ${from.storeName} as resolved.\n\n` +
      `Did we put it right? Tell us with one click: ${link}\n`,
    html: page(`<p>${escapeHtml(from.businessName)} has marked your feedback about ${escapeHtml(from.storeName)} as resolved.</p>
<p><strong>Did we put it right?</strong></p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:6px">Tell ${escapeHtml(from.businessName)}</a></p>`),
    devPreview: { link },
  };
}
