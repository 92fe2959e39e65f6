// Finding a case the caller may see, and what their role lets them do with it (the screens read `can`).
import { can, type TRole } from '@cx/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { coversStore, type Access } from '../../tenancy/access';
import { CaseModel, type CaseDoc } from './case.model';

export const caseNotFound = () => new AppError('NOT_FOUND', 'Case not found', 404);

/** The case, or 404 when it is another business's, outside the caller's stores, or not an id at all. */
export async function findCaseInScope(access: Access, id: string): Promise<CaseDoc> {
  if (!Types.ObjectId.isValid(id)) throw caseNotFound();
  const doc = await CaseModel.findOne({ _id: id, business: access.businessId }).lean<CaseDoc>();
  if (!doc || !coversStore(access, String(doc.store))) throw caseNotFound();
  return doc;
}

/** What the caller may do (an API key only reads). */
export function caseAbilities(access: Access): {
  update: boolean;
  close: boolean;
  reply: boolean;
  rule: boolean;
} {
  const role: TRole | null = access.apiKey ? null : access.role;
  const manage = can(role, 'cases:manage');
  return { update: can(role, 'cases:work'), close: manage, reply: manage, rule: manage };
}

/** Whether the caller sees a customer's email and phone in full (an API key never does). */
export const seesContact = (access: Access) => !access.apiKey && can(access.role, 'cases:contact');
