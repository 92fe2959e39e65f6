// The rota import's file: sniffed (iCalendar, CSV text, or 415), then read into rows of "who, when, where".
import { parse } from 'csv-parse/sync';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { ROTA_IMPORT_MAX_ROWS, ROTA_IMPORT_MESSAGES as M } from '@cx/contracts';
import { env } from '../../config/env';
import { AppError } from '../../lib/errors';

export type RowError = { field: string; message: string };

/** One shift as the file gives it, before staff matching. */
export interface FileShift {
  line: number;
  person: { names: string[]; email: string | null };
  location: string;
  /** CSV rows: cells as written; the import reads them with the mapping. */
  cells?: string[];
  /** .ics events: the instants, already resolved from their zone (floating times are the store's wall clock). */
  instants?: { start: Date; end: Date };
  errors: RowError[];
}

export type RotaFile =
  | { format: 'csv'; headers: string[]; rows: FileShift[] }
  | { format: 'ics'; headers: []; rows: FileShift[] };

const badFile = (message: string) => new AppError('IMPORT_FILE', message, 400, { file: [message] });
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', M.wrongType, 415, { file: [M.wrongType] });

/** Spreadsheets, PDFs, images and UTF-16 text carry NUL bytes or a known signature; CSV and .ics text never do. */
function looksBinary(buf: Buffer): boolean {
  const head = buf.subarray(0, 8192);
  if (head.includes(0)) return true;
  const sig = head.toString('latin1', 0, 4);
  return sig.startsWith('PK') || sig === '%PDF' || sig.startsWith('\u0089PNG') || sig.startsWith('\u00ff\u00d8');
}

/** Comma unless the header line uses semicolons or tabs instead (spreadsheets in some locales save so). */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => first.split(ch).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

function readCsv(text: string): RotaFile {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    throw badFile(`The file is not valid CSV: ${(err as Error).message}`);
  }
  const [header, ...rows] = parsed;
  if (!header || rows.length === 0) throw badFile(M.empty);
  if (rows.length > ROTA_IMPORT_MAX_ROWS) throw badFile(M.tooManyRows);
  return {
    format: 'csv',
    headers: header.record.map((h) => h.trim()),
    rows: rows.map(({ record, info }) => ({
      line: info.lines,
      person: { names: [], email: null },
      location: '',
      cells: record.map((c) => c.trim()),
      errors: [],
    })),
  };
}

/** The instant of an event time: UTC, a zone the file names (IANA, or its own VTIMEZONE), or the store's wall clock. */
function instantOf(
  prop: ICAL.Property | null,
  time: ICAL.Time | null,
  zones: Map<string, ICAL.Timezone>,
  storeZone: string,
): Date | RowError {
  const field = prop?.name === 'dtend' ? 'end' : 'start';
  if (!time) return { field, message: 'The event has no start time (DTSTART)' };
  if (time.isDate) return { field, message: 'An all-day event is not a shift: it needs start and end times' };
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute };
  const tzid = (prop?.getParameter('tzid') as string | undefined) ?? null;
  const utc = time.zone?.tzid === 'UTC' || String(prop?.getFirstValue() ?? '').endsWith('Z');
  if (utc && !tzid) return DateTime.fromObject(wall, { zone: 'UTC' }).toJSDate();
  if (!tzid) return DateTime.fromObject(wall, { zone: storeZone }).toJSDate();
  const iana = DateTime.fromObject(wall, { zone: tzid });
  if (iana.isValid) return iana.toJSDate();
  const own = zones.get(tzid);
  if (!own) return { field, message: `Unknown time zone "${tzid}" (the file has no VTIMEZONE for it)` };
  const copy = time.clone();
  copy.zone = own;
  return new Date(copy.toUnixTime() * 1000);
}

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function readIcs(text: string, storeZone: string): RotaFile {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  } catch (err) {
    throw badFile(`The file is not a valid iCalendar file: ${(err as Error).message}`);
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(vtz);
    zones.set(tz.tzid, tz);
  }
  const events = root.getAllSubcomponents('vevent');
  if (events.length === 0) throw badFile(M.noEvents);
  if (events.length > ROTA_IMPORT_MAX_ROWS) throw badFile(M.tooManyRows);
  // ical.js keeps no line numbers: the n-th BEGIN:VEVENT line is the n-th event (a folded line never starts so).
  const lines = text.split(/\r\n|\n|\r/);
  const starts = lines.flatMap((l, i) => (/^BEGIN:VEVENT\s*$/i.test(l) ? [i + 1] : []));
  return {
    format: 'ics',
    headers: [],
    rows: events.map((vevent, i) => {
      const event = new ICAL.Event(vevent);
      const errors: RowError[] = [];
      const start = instantOf(vevent.getFirstProperty('dtstart'), event.startDate, zones, storeZone);
      const endProp = vevent.getFirstProperty('dtend');
      const end = instantOf(endProp ?? vevent.getFirstProperty('dtstart'), event.endDate, zones, storeZone);
      if (!(start instanceof Date)) errors.push(start);
      if (!(end instanceof Date)) errors.push({ ...end, field: 'end' });
      const attendee = vevent.getFirstProperty('attendee');
      const mail = textOf(attendee?.getFirstValue()).replace(/^mailto:/i, '');
      const summary = textOf(event.summary);
      // "Ann Lee", "Ann Lee - Barista", "Shift: Ann Lee", "Ann Lee (Barista)": the whole and each part may be the name.
      const parts = summary.split(/\s+[-–—|]\s+|:\s*|\s*\(|\)/).map((p) => p.trim()).filter(Boolean);
      return {
        line: starts[i] ?? 0,
        person: {
          names: [textOf(attendee?.getParameter('cn')), summary, ...parts].filter(Boolean),
          email: mail.includes('@') ? mail.toLowerCase() : null,
        },
        location: textOf(event.location),
        instants: start instanceof Date && end instanceof Date ? { start, end } : undefined,
        errors,
      };
    }),
  };
}

/** The uploaded file as rows; 400 for a broken or empty file, 413 too large, 415 neither CSV nor iCalendar text. */
export function readRotaFile(file: { buffer?: Buffer } | undefined, storeZone: string): RotaFile {
  const buf = file?.buffer;
  if (!buf?.length) throw badFile(M.fileRequired);
  if (buf.length > env.UPLOAD_MAX_BYTES) {
    const mb = Math.round(env.UPLOAD_MAX_BYTES / 1024 / 1024);
    throw new AppError('PAYLOAD_TOO_LARGE', `Files must be at most ${mb} MB`, 413);
  }
  if (looksBinary(buf)) throw wrongType();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw wrongType();
  }
  return /^\s*BEGIN:VCALENDAR/i.test(text) ? readIcs(text, storeZone) : readCsv(text);
}
