// The name a member's (or API key's) step on a case is recorded under in its history.
import type { Access } from '../../tenancy/access';
import { UserModel } from '../users/user.model';

export async function actorName(access: Access): Promise<string> {
  if (access.apiKey) return `API key "${access.apiKey.name}"`;
  const user = await UserModel.findById(access.userId, { fullname: 1 }).lean();
  return user?.fullname ?? 'Former member';
}
