// How a member's or invitation's dates read, and which roles an inviter may give (store names: @/lib/store-names).
import type { TMemberRole, TRole } from '@cx/contracts';

export { ALL_STORES, storeNames } from '@/lib/store-names';

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
