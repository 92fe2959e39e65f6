// The signed-in person's role in the current business (#21), read from the stored user, and can() over it.
import { can, ROLES, type TPermission, type TRole } from '@cx/contracts';
import { useSession, type TSessionUser } from '@/lib/session';

export type TBusinessRef = { _id: string; name: string; role: TRole };

export function roleOf(user: TSessionUser | null): TRole | null {
  const role = user?.role;
  return typeof role === 'string' && (ROLES as readonly string[]).includes(role) ? (role as TRole) : null;
}

/** The businesses the person belongs to (the business switcher's list). */
export function businessesOf(user: TSessionUser | null): TBusinessRef[] {
  return Array.isArray(user?.businesses) ? (user.businesses as TBusinessRef[]) : [];
}

export function currentBusinessOf(user: TSessionUser | null): { _id: string; name: string } | null {
  const b = user?.business as { _id?: unknown; name?: unknown } | null | undefined;
  return b && typeof b._id === 'string' && typeof b.name === 'string' ? { _id: b._id, name: b.name } : null;
}

/** Role, businesses and can(permission) for the signed-in person; an older stored user without a role can nothing. */
export function useAccess() {
  const { user } = useSession();
  const role = roleOf(user);
  return {
    role,
    business: currentBusinessOf(user),
    businesses: businessesOf(user),
    can: (permission: TPermission) => can(role, permission),
  };
}
