// Store codes and tags: a code is unique among the business's live stores; tags match ignoring case.
import { STORE_IMPORT_MESSAGES } from '@cx/contracts';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/errors';
import { StoreModel } from './store.model';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 409 when another live store of the business has `code` (the unique index catches a race past this check). */
export async function assertCodeFree(
  business: string,
  code: string | null | undefined,
  except?: Types.ObjectId,
): Promise<void> {
  if (!code) return;
  const clash = await StoreModel.exists({
    business,
    code,
    deletedAt: null,
    ...(except ? { _id: { $ne: except } } : {}),
  });
  if (clash) {
    throw new AppError('STORE_CODE_TAKEN', STORE_IMPORT_MESSAGES.codeTaken, 409, {
      code: [STORE_IMPORT_MESSAGES.codeTaken],
    });
  }
}

/** A tag of the list filter, matched whole and ignoring case ("Mall" finds stores tagged "mall"). */
export function tagMatcher(tag: string): RegExp {
  return new RegExp(`^${escapeRegex(tag)}$`, 'i');
}
