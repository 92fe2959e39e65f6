// Reading scheduling tools' CSV columns: guessing the mapping from header names, and their dates and times.
import {
  ROTA_IMPORT_FIELDS,
  type TRotaDateOrder,
  type TRotaImportField,
  type TRotaImportMapping,
} from '@cx/contracts';

/** Folded for comparing names, emails and headers: no case, no accents, single spaces. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const headerKey = (h: string) => fold(h).replace(/[^a-z0-9]/g, '');

/**
 * Header names the exports of common tools use (Deputy, When I Work, 7shifts, Homebase, Planday, Rotaready, Sling…),
 * compared without case, spaces or punctuation.
 */
const HEADER_NAMES: Record<TRotaImportField, string[]> = {
  name: ['employee', 'employeename', 'name', 'staff', 'staffname', 'staffmember', 'fullname', 'teammember', 'user', 'username', 'person', 'member', 'worker'],
  firstName: ['firstname', 'first', 'givenname', 'employeefirstname', 'forename'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'employeelastname'],
  email: ['email', 'emailaddress', 'employeeemail', 'workemail', 'useremail', 'staffemail'],
  date: ['date', 'shiftdate', 'day', 'startdate', 'rotadate', 'scheduledate', 'workdate'],
  start: ['start', 'starttime', 'shiftstart', 'from', 'begin', 'starts', 'timein', 'in', 'scheduledstart', 'startat'],
  end: ['end', 'endtime', 'shiftend', 'to', 'finish', 'finishtime', 'ends', 'timeout', 'out', 'scheduledend', 'endat'],
  location: ['location', 'locationname', 'store', 'storename', 'site', 'sitename', 'branch', 'venue', 'workplace', 'shop'],
};

/** The mapping: what the person chose, else the first header named like the field; a missing header is null. */
export function mappingFor(headers: string[], chosen: TRotaImportMapping | undefined) {
  const mapping = {} as Record<TRotaImportField, string | null>;
  const used = new Set<string>();
  for (const field of ROTA_IMPORT_FIELDS) {
    const pick = chosen?.[field];
    if (pick !== undefined) {
      mapping[field] = pick && headers.includes(pick) ? pick : null;
      if (mapping[field]) used.add(mapping[field]!);
    }
  }
  for (const field of ROTA_IMPORT_FIELDS) {
    if (chosen?.[field] !== undefined) continue;
    const names = HEADER_NAMES[field];
    const found = names
      .map((n) => headers.find((h) => headerKey(h) === n && !used.has(h)))
      .find((h) => h !== undefined);
    mapping[field] = found ?? null;
    if (found) used.add(found);
  }
  return mapping;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function ymd(y: number, m: number, d: number): string | null {
  const year = y < 100 ? 2000 + y : y;
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const iso = `${year}-${pad(m)}-${pad(d)}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return check.getUTCDate() === d ? iso : null;
}

/** The two numbers before the year of "03/04/2026" (or with - or .), when the date is written so. */
function numericParts(s: string): [number, number] | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The order of the file's numeric dates: a first number above 12 means day first, a second above 12 month first;
 * when no date tells, stores in the Americas read month first and others day first.
 */
export function guessDateOrder(dates: string[], timeZone: string): TRotaDateOrder {
  const parts = dates.map(numericParts).filter((p): p is [number, number] => p !== null);
  if (parts.length === 0) return 'ymd';
  if (parts.some(([a]) => a > 12)) return 'dmy';
  if (parts.some(([, b]) => b > 12)) return 'mdy';
  return timeZone.startsWith('America/') ? 'mdy' : 'dmy';
}

/** "2026-06-01", "01/06/2026", "1 Jun 2026", "Mon 1 June 2026", "June 1, 2026" → YYYY-MM-DD, or null. */
export function parseDate(raw: string, order: TRotaDateOrder): string | null {
  const s = raw.trim().replace(/^[A-Za-z]{3,9},?\s+(?=\d|[A-Za-z]{3,9}\s+\d)/, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return order === 'mdy' ? ymd(y, a, b) : ymd(y, b, a);
  }
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(s);
  if (m && month(m[2]!) > 0) return ymd(Number(m[3]), month(m[2]!), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (m && month(m[1]!) > 0) return ymd(Number(m[3]), month(m[1]!), Number(m[2]));
  return null;
}

/** "9", "09:00", "9:30 pm", "21:30:00", "9am" → HH:mm, or null. */
export function parseTime(raw: string): string | null {
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::\d{2})?\s*([ap])?\.?\s*m?\.?$/i.exec(raw.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  const ampm = m[3]?.toLowerCase();
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm === 'p' ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** A cell holding a date and a time ("2026-06-01 09:00", "01/06/2026 9:00 AM", ISO "…T09:00"), split; else null. */
export function splitDateTime(raw: string): { date: string; time: string } | null {
  const m = /^(\S+?\d)[T\s]+(\d{1,2}[:.h]\d{2}.*)$/i.exec(raw.trim());
  return m ? { date: m[1]!, time: m[2]!.replace(/(Z|[+-]\d{2}:?\d{2})$/, '').trim() } : null;
}
