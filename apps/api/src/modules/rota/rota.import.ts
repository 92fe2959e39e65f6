// Rota import: rows of a file → staff matched by email or name, shifts in the store's zone, previewed, then added.
import {
  ROTA_IMPORT_MESSAGES as M,
  type TRotaDateOrder,
  type TRotaImportField,
  type TRotaImportMapping,
  type TRotaImportResult,
  type TRotaImportRow,
} from '@cx/contracts';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../../tenancy/audit';
import type { Access } from '../../tenancy/access';
import { StaffModel, type StaffDoc } from '../staff/staff.model';
import { findStoreInScope } from '../stores/stores.service';
import type { StoreDoc } from '../stores/store.model';
import { fold, guessDateOrder, mappingFor, parseDate, parseTime, splitDateTime } from './rota.import-csv';
import { readRotaFile, type FileShift, type RowError } from './rota.import-file';
import { noteRota } from './rota-presence';
import { ShiftModel, type ShiftDoc } from './shift.model';
import { withStaffLock } from './shift-lock';
import { localView, shiftInterval, type ShiftInterval } from './rota.time';

/** Shifts are at most a day long (the customer page's rota look-up relies on it). */
const MAX_SHIFT_MS = 24 * 3600 * 1000;

interface Planned {
  row: TRotaImportRow;
  member: StaffDoc | null;
  interval: ShiftInterval | null;
}

type Options = { dryRun: boolean; mapping?: TRotaImportMapping; dateOrder?: TRotaDateOrder; fileName?: string };

const errorOf = (err: unknown, field: string): RowError => {
  if (!(err instanceof AppError)) throw err;
  const key = Object.keys(err.fieldErrors ?? {})[0];
  return { field: key ?? field, message: err.message };
};

/** The CSV row's person, date and times through the mapping. */
function readCells(shift: FileShift, headers: string[], mapping: Record<TRotaImportField, string | null>, order: TRotaDateOrder, zone: string) {
  const cell = (f: TRotaImportField) => {
    const h = mapping[f];
    return h ? (shift.cells?.[headers.indexOf(h)] ?? '') : '';
  };
  const full = cell('name') || [cell('firstName'), cell('lastName')].filter(Boolean).join(' ');
  shift.person = { names: full ? [full] : [], email: cell('email') ? cell('email').toLowerCase() : null };
  shift.location = cell('location');
  const startCell = splitDateTime(cell('start'));
  const endCell = splitDateTime(cell('end'));
  const dateText = cell('date') || startCell?.date || '';
  const date = parseDate(dateText, order);
  const start = parseTime(startCell?.time ?? cell('start'));
  const end = parseTime(endCell?.time ?? cell('end'));
  if (!date) shift.errors.push({ field: 'date', message: dateText ? `"${dateText}" is not a date` : 'Date is required' });
  if (!start) shift.errors.push({ field: 'start', message: cell('start') ? `"${cell('start')}" is not a time` : 'Start time is required' });
  if (!end) shift.errors.push({ field: 'end', message: cell('end') ? `"${cell('end')}" is not a time` : 'End time is required' });
  if (!date || !start || !end) return null;
  if (start === end) {
    shift.errors.push({ field: 'end', message: 'End time must be different from start time' });
    return null;
  }
  try {
    return shiftInterval(date, start, end, zone);
  } catch (err) {
    shift.errors.push(errorOf(err, 'start'));
    return null;
  }
}

/** The staff member the row names: email first, then the name (a tie is broken by who works at the store). */
function matcher(people: StaffDoc[], store: StoreDoc) {
  const byEmail = new Map(people.filter((p) => p.email).map((p) => [fold(p.email!), p]));
  const byName = new Map<string, StaffDoc[]>();
  for (const p of people) byName.set(fold(p.name), [...(byName.get(fold(p.name)) ?? []), p]);
  const here = (p: StaffDoc) => (p.stores ?? []).some((s) => String(s) === String(store._id));
  return (person: FileShift['person']): StaffDoc | RowError | null => {
    const mailed = person.email ? byEmail.get(fold(person.email)) : undefined;
    if (mailed) return mailed;
    for (const name of person.names) {
      const found = byName.get(fold(name)) ?? [];
      const pick = found.length > 1 ? found.filter(here) : found;
      if (pick.length === 1) return pick[0]!;
      if (pick.length > 1) {
        return { field: 'person', message: `${pick.length} staff members are called ${name}: add their emails to tell them apart` };
      }
    }
    return null;
  };
}

/** Why the person cannot be on this store's rota, as the manual form would say. */
function rostrableError(member: StaffDoc, store: StoreDoc): RowError | null {
  if (member.active === false) return { field: 'person', message: `${member.name} is deactivated. Reactivate them before adding shifts.` };
  if (!(member.stores ?? []).some((s) => String(s) === String(store._id))) {
    return { field: 'person', message: `${member.name} does not work at ${store.name}. Add the store to their profile first.` };
  }
  return null;
}

const overlaps = (a: { start: Date; end: Date }, b: { start: Date; end: Date }) => a.start < b.end && b.start < a.end;

/** The store-local view of an instant pair, as the row shows it. */
function rowTimes(interval: ShiftInterval | null, zone: string) {
  if (!interval) return { date: '', start: '', end: '' };
  const v = localView(interval.start, interval.end, zone);
  return { date: v.day, start: v.startTime, end: v.endTime };
}

export async function importShifts(
  access: Access,
  storeId: string,
  file: { buffer?: Buffer; originalname?: string } | undefined,
  options: Options,
): Promise<TRotaImportResult> {
  const store = await findStoreInScope(access, storeId);
  const zone = store.timeZone;
  const read = readRotaFile(file, zone);
  const headers: string[] = read.headers;
  const mapping = mappingFor(headers, options.mapping);
  const dateIdx = mapping.date ? headers.indexOf(mapping.date) : -1;
  const startIdx = mapping.start ? headers.indexOf(mapping.start) : -1;
  const dateOrder =
    options.dateOrder ??
    guessDateOrder(read.rows.map((r) => r.cells?.[dateIdx] || splitDateTime(r.cells?.[startIdx] ?? '')?.date || ''), zone);
  let missing: string | null = null;
  if (read.format === 'csv') {
    missing = !(mapping.name || mapping.email || (mapping.firstName && mapping.lastName))
      ? M.needPerson
      : !mapping.start || !mapping.end
        ? M.needTimes
        : !mapping.date && !splitDateTime(read.rows[0]?.cells?.[startIdx] ?? '')
          ? M.needDate
          : null;
    // A preview still answers, with the header, so the person can choose the columns; a confirm is refused.
    if (missing && !options.dryRun) throw new AppError('IMPORT_MAPPING', missing, 400, { mapping: [missing] });
  }
  const result = {
    dryRun: options.dryRun,
    format: read.format,
    store: { _id: String(store._id), name: store.name, timeZone: zone },
    headers,
    mapping,
    dateOrder,
    mappingProblem: missing,
  };
  if (missing) {
    const totals = { rows: read.rows.length, new: 0, added: 0, unchanged: 0, errors: 0 };
    return { ...result, applied: false, message: missing, totals, unknownStaff: [], rows: [] };
  }

  const people = await StaffModel.find({ business: access.businessId, deletedAt: null }).lean<StaffDoc[]>();
  const match = matcher(people, store);
  const storeKeys = new Set([fold(store.name), ...(store.code ? [fold(store.code)] : [])]);
  const planned: Planned[] = read.rows.map((shift) => {
    let interval: ShiftInterval | null = null;
    if (read.format === 'csv') interval = readCells(shift, headers, mapping, dateOrder, zone);
    else if (shift.instants) {
      const { start, end } = shift.instants;
      if (end <= start) shift.errors.push({ field: 'end', message: 'The event ends before it starts' });
      else if (+end - +start > MAX_SHIFT_MS) shift.errors.push({ field: 'end', message: 'A shift can last at most 24 hours' });
      else interval = { start, end, day: localView(start, end, zone).day };
    }
    if (shift.location && !storeKeys.has(fold(shift.location))) {
      shift.errors.push({ field: 'location', message: `This row is for "${shift.location}", not ${store.name}: import it from that store's rota` });
    }
    const person = [shift.person.names[0], shift.person.email].filter(Boolean).join(' · ');
    const found = match(shift.person);
    let member: StaffDoc | null = null;
    if (found === null) {
      shift.errors.push({ field: 'person', message: person ? `Nobody called ${person} works for this business` : 'The row names nobody' });
    } else if ('field' in found) shift.errors.push(found);
    else {
      member = found;
      const why = rostrableError(found, store);
      if (why) shift.errors.push(why);
    }
    const row: TRotaImportRow = {
      line: shift.line,
      person,
      staff: member ? { _id: String(member._id), name: member.name } : null,
      ...rowTimes(interval, zone),
      status: 'new',
      errors: shift.errors,
    };
    return { row, member, interval };
  });
  await judgeAgainstRota(access, store, planned);

  const toAdd = planned.filter((p) => p.row.status === 'new');
  let added = 0;
  if (!options.dryRun && toAdd.length) added = await writeShifts(access, store, toAdd);
  const count = (s: TRotaImportRow['status']) => planned.filter((p) => p.row.status === s).length;
  const errors = count('error');
  if (!options.dryRun && added) {
    await recordAudit(access, {
      kind: 'shift',
      action: 'shift.import',
      summary: `Imported ${added} shift${added === 1 ? '' : 's'} at ${store.name}${options.fileName ? ` from ${options.fileName}` : ''}`,
      store,
      after: { added, unchanged: count('unchanged'), skipped: errors, format: read.format },
    });
  }
  const unknown = new Map<string, number[]>();
  for (const p of planned) {
    if (p.member || !p.row.errors.some((e) => e.field === 'person' && e.message.startsWith('Nobody'))) continue;
    unknown.set(p.row.person, [...(unknown.get(p.row.person) ?? []), p.row.line]);
  }
  return {
    ...result,
    applied: added > 0,
    message: options.dryRun ? M.dryRun : added ? M.applied(added, errors) : M.nothingToAdd,
    totals: { rows: planned.length, new: count('new'), added: count('added'), unchanged: count('unchanged'), errors },
    unknownStaff: [...unknown].map(([person, lines]) => ({ person, lines })),
    rows: planned.map((p) => p.row),
  };
}

/** Marks rows already on the rota "unchanged" and rows overlapping the rota, or an earlier row of the file, errors. */
async function judgeAgainstRota(access: Access, store: StoreDoc, planned: Planned[]): Promise<void> {
  const live = planned.filter((p) => p.member && p.interval && p.row.errors.length === 0);
  for (const p of planned) if (p.row.errors.length) p.row.status = 'error';
  if (live.length === 0) return;
  const from = new Date(Math.min(...live.map((p) => +p.interval!.start)));
  const to = new Date(Math.max(...live.map((p) => +p.interval!.end)));
  const existing = await ShiftModel.find({
    business: access.businessId,
    staff: { $in: [...new Set(live.map((p) => p.member!._id))] },
    start: { $lt: to },
    end: { $gt: from },
  }).lean<ShiftDoc[]>();
  const taken: Array<{ staff: string; start: Date; end: Date; line: number }> = [];
  for (const p of live) {
    const staff = String(p.member!._id);
    const mine = existing.filter((s) => String(s.staff) === staff);
    const same = mine.find(
      (s) => String(s.store) === String(store._id) && +s.start === +p.interval!.start && +s.end === +p.interval!.end,
    );
    const clash = mine.find((s) => overlaps(s, p.interval!));
    const earlier = taken.find((t) => t.staff === staff && overlaps(t, p.interval!));
    if (same) p.row.status = 'unchanged';
    else if (clash) {
      const v = localView(clash.start, clash.end, store.timeZone);
      const where = String(clash.store) === String(store._id) ? 'this store' : 'another store';
      p.row.errors.push({ field: 'start', message: `${p.member!.name} already has a shift at ${where} on ${v.day}, ${v.startTime}–${v.endTime}, which overlaps this one` });
    } else if (earlier) {
      p.row.errors.push({ field: 'start', message: `Overlaps line ${earlier.line} of the file (same person)` });
    }
    if (p.row.errors.length) p.row.status = 'error';
    else if (p.row.status === 'new') taken.push({ staff, ...p.interval!, line: p.row.line });
  }
}

/** Writes the new rows one person at a time under that person's lock, re-checking overlaps written meanwhile. */
async function writeShifts(access: Access, store: StoreDoc, rows: Planned[]): Promise<number> {
  const byStaff = new Map<string, Planned[]>();
  for (const p of rows) byStaff.set(String(p.member!._id), [...(byStaff.get(String(p.member!._id)) ?? []), p]);
  let added = 0;
  for (const list of byStaff.values()) {
    const staff = list[0]!.member!._id as Types.ObjectId;
    await withStaffLock(staff, async () => {
      const from = new Date(Math.min(...list.map((p) => +p.interval!.start)));
      const to = new Date(Math.max(...list.map((p) => +p.interval!.end)));
      const now = await ShiftModel.find({ business: access.businessId, staff, start: { $lt: to }, end: { $gt: from } }).lean<ShiftDoc[]>();
      const docs = [];
      for (const p of list) {
        if (now.some((s) => overlaps(s, p.interval!))) {
          p.row.status = 'error';
          p.row.errors.push({ field: 'start', message: 'A shift overlapping this one was added meanwhile' });
          continue;
        }
        docs.push({ business: access.businessId, store: store._id, staff, ...p.interval! });
      }
      if (docs.length) {
        await ShiftModel.insertMany(docs);
        noteRota([store._id]);
      }
      for (const p of list) if (p.row.status === 'new') p.row.status = 'added';
      added += docs.length;
    });
  }
  return added;
}
