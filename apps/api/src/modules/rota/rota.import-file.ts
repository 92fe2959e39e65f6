// The rota import's file: sniffed (iCalendar, CSV text, or 415), then read into rows of "who, when, where".
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { ROTA_IMPORT_MAX_ROWS, ROTA_IMPORT_MESSAGES as M } from '@cx/contracts';
import { badFile, parseCsvRecords, uploadedText } from '../../lib/csv-upload';

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

function readCsv(text: string): RotaFile {
  const [header, ...rows] = parseCsvRecords(text);
  if (!header || rows.length === 0) throw badFile(M.empty);
  if (rows.length > ROTA_IMPORT_MAX_ROWS) throw badFile(M.tooManyRows);
  return {
    format: 'csv',
    headers: header.record.map((h) => h.trim()),
    rows: rows.map(({ record, line }) => ({
      line,
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
  const text = uploadedText(file, { fileRequired: M.fileRequired, wrongType: M.wrongType });
  return /^\s*BEGIN:VCALENDAR/i.test(text) ? readIcs(text, storeZone) : readCsv(text);
}
