// How a member's or invitation's stores and dates read: store names (in the list's order) or "All stores".
import type { TMemberRole, TRole, TStore } from '@cx/contracts';

export const ALL_STORES = 'All stores';

export function storeNames(ids: string[] | null, stores: readonly Pick<TStore, '_id' | 'name'>[]): string {
  if (ids === null || ids.length === 0) return ALL_STORES;
  const byId = new Map(stores.map((s) => [s._id, s.name]));
  // A store deleted since the invitation still counts: it shows as "a removed store" rather than vanishing.
  return ids.map((id) => byId.get(id) ?? 'a removed store').join(', ');
}

/** Roles the viewer may give by invitation: owners and admins any member role, a store manager only viewers. */
export function invitableRoles(role: TRole | null): TMemberRole[] {
  if (role === 'owner' || role === 'admin') return ['admin', 'manager', 'viewer'];
  if (role === 'manager') return ['viewer'];
  return [];
}

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
}
