// Whether a store has any rota at all, remembered per process: the submit path asks on every staff rating.
import type { Types } from 'mongoose';
import { ShiftModel } from './shift.model';

/** A store found with a rota keeps it (shifts are rarely all deleted); one without is asked again soon. */
const HAS_ROTA_MS = 5 * 60_000;
const NO_ROTA_MS = 30_000;
const MAX_REMEMBERED = 10_000;
const known = new Map<string, { has: boolean; until: number }>();

/**
 * Has the store any rota? Until it has, nobody is "outside shift" and customers read no rota words. Another instance's
 * first shifts are seen within NO_ROTA_MS; this process's own (noteRota) at once.
 */
export async function storeHasRota(store: Types.ObjectId, now = Date.now()): Promise<boolean> {
  const key = String(store);
  const memo = known.get(key);
  if (memo && memo.until > now) return memo.has;
  const has = (await ShiftModel.exists({ store })) !== null;
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.set(key, { has, until: now + (has ? HAS_ROTA_MS : NO_ROTA_MS) });
  return has;
}

/** Shifts were written for these stores in this process: they have a rota from now on. */
export function noteRota(stores: Iterable<Types.ObjectId | string>, now = Date.now()): void {
  for (const store of stores) known.set(String(store), { has: true, until: now + HAS_ROTA_MS });
}

/** Forgets what was remembered (tests that delete shifts under a store). */
export function forgetRotaPresence(): void {
  known.clear();
}
