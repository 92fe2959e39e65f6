// Customer text shown outside the dashboard (boards, scorecard links and PDFs): emails, links and phone numbers replaced by neutral placeholders.

const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+/g;
const URL_LIKE =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|uk|es|de|fr|it|eu|info|biz|app|me|ly|shop|store|online|site)\b(?:\/\S*)?/gi;
/** A run of digits, spaces, dots, dashes and brackets holding at least 7 digits (optionally led by +). */
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/g;

export function maskContact(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(URL_LIKE, '[link]')
    .replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '[phone]' : m));
}
