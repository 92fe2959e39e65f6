// The API user as the session stores it in localStorage (spec §3: kept locally with the token after login).
import type { TUser } from '@cx/contracts';
import type { TSessionUser } from '@/lib/session';

export function toSessionUser(user: TUser): TSessionUser {
  return { ...user, profilePicture: user.profilePicture ?? undefined };
}
