// The rota's audit entries: "Added Ann's shift at Soho on Mon 2 Jun, 09:00–17:00" with a small before/after.
import { recordAudit } from '../../tenancy/audit';
import type { Access } from '../../tenancy/access';
import type { StoreDoc } from '../stores/store.model';
import type { ShiftDoc } from './shift.model';
import { localView, shortDay } from './rota.time';

type Times = Pick<ShiftDoc, 'start' | 'end'>;

/** "Mon 2 Jun, 09:00–17:00" in the store's zone. */
function when(store: StoreDoc, shift: Times): string {
  const view = localView(shift.start, shift.end, store.timeZone);
  return `${shortDay(view.day)}, ${view.startTime}–${view.endTime}`;
}

function facts(store: StoreDoc, staff: string | null, shift: Times) {
  const view = localView(shift.start, shift.end, store.timeZone);
  return { staff, day: view.day, start: view.startTime, end: view.endTime };
}

export function auditShiftCreate(access: Access, store: StoreDoc, staff: string, shift: Times) {
  return recordAudit(access, {
    kind: 'shift',
    action: 'shift.create',
    summary: `Added ${staff}'s shift at ${store.name} on ${when(store, shift)}`,
    store,
    after: facts(store, staff, shift),
  });
}

export function auditShiftUpdate(
  access: Access,
  store: StoreDoc,
  was: { staff: string | null; shift: Times },
  now: { staff: string; shift: Times },
) {
  const who = was.staff ?? 'a former staff member';
  const summary =
    was.staff === now.staff
      ? `Moved ${who}'s shift at ${store.name} from ${when(store, was.shift)} to ${when(store, now.shift)}`
      : `Gave ${who}'s shift at ${store.name} on ${when(store, was.shift)} to ${now.staff} (${when(store, now.shift)})`;
  return recordAudit(access, {
    kind: 'shift',
    action: 'shift.update',
    summary,
    store,
    before: facts(store, was.staff, was.shift),
    after: facts(store, now.staff, now.shift),
  });
}

export function auditShiftDelete(access: Access, store: StoreDoc, staff: string | null, shift: Times) {
  return recordAudit(access, {
    kind: 'shift',
    action: 'shift.delete',
    summary: `Removed ${staff ?? 'a former staff member'}'s shift at ${store.name} on ${when(store, shift)}`,
    store,
    before: facts(store, staff, shift),
  });
}

export function auditCopyWeek(
  access: Access,
  store: StoreDoc,
  week: string,
  created: number,
  skipped: number,
) {
  return recordAudit(access, {
    kind: 'shift',
    action: 'shift.copy-week',
    summary: `Copied ${created} shift${created === 1 ? '' : 's'} at ${store.name} into the week of ${shortDay(week)}`,
    store,
    after: { week, created, skipped },
  });
}
