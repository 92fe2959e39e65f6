// The optional contact request of a 1–3★ rating, checked by hand as the contract checks it (no zod on the QR pages).
import { CONTACT_EMAIL_PATTERN, CONTACT_PHONE_PATTERN } from '@cx/contracts/customer';
import type { TMessageKey } from '../i18n/messages';

export type TContactValues = { wanted: boolean; email: string; phone: string; consent: boolean };
export type TContactField = 'email' | 'phone' | 'consent';
export type TContactErrors = Partial<Record<TContactField, TMessageKey>>;

export const NO_CONTACT: TContactValues = { wanted: false, email: '', phone: '', consent: false };

/** Mirrors ZContactRequestSchema: an email or a phone, each well-formed when given, and the consent ticked. */
export function contactErrors(v: TContactValues): TContactErrors {
  if (!v.wanted) return {};
  const email = v.email.trim();
  const phone = v.phone.trim();
  const errors: TContactErrors = {};
  if (!email && !phone) errors.email = 'contact.needed';
  if (email && (email.length > 254 || !CONTACT_EMAIL_PATTERN.test(email))) errors.email = 'contact.badEmail';
  if (phone && !CONTACT_PHONE_PATTERN.test(phone)) errors.phone = 'contact.badPhone';
  if (!v.consent) errors.consent = 'contact.noConsent';
  return errors;
}

/** What the submit carries: nothing unless the customer asked (the rating then stays anonymous). */
export function contactOf(v: TContactValues): { email?: string; phone?: string; consent: true } | undefined {
  if (!v.wanted) return undefined;
  const email = v.email.trim();
  const phone = v.phone.trim();
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}), consent: true };
}
