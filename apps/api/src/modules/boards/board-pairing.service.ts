// TV pairing: a member asks for a short code for a store; a TV trades it, once and before it expires, for a new board.
import { randomInt } from 'node:crypto';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_MINUTES,
  type TPairing,
} from '@cx/contracts';
import { env } from '../../config/env';
import { notFound } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { StoreModel } from '../stores/store.model';
import { findStoreInScope } from '../stores/stores.service';
import { BoardPairingModel } from './board-pairing.model';
import { boardTokenHash, issueBoard } from './boards.service';

export const PAIRING_TTL_MS = PAIRING_CODE_MINUTES * 60_000;

function newCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

export const pairUrl = (code: string) => `${env.PUBLIC_WEB_URL.replace(/\/+$/, '')}/tv?code=${code}`;

export async function createPairing(access: Access, storeId: string, now = new Date()): Promise<TPairing> {
  const store = await findStoreInScope(access, storeId);
  const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
  // 31^6 codes: a clash with a live one is rare, and the unique index turns it into another draw.
  for (let attempt = 0; ; attempt++) {
    const code = newCode();
    try {
      await BoardPairingModel.create({
        business: access.businessId,
        store: store._id,
        codeHash: boardTokenHash(code),
        createdBy: access.userId,
        expiresAt,
      });
      await recordAudit(access, {
        kind: 'board',
        action: 'board.pairingCode',
        summary: `Showed a TV pairing code for the breakroom board of ${store.name}`,
        store,
      });
      return { code, expiresAt: expiresAt.toISOString(), pairUrl: pairUrl(code) };
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 4) throw err;
    }
  }
}

/** The code's board link for the TV: a wrong, used or expired code (or a deleted store) is the same 404. */
export async function redeemPairing(code: string, now = new Date()): Promise<{ token: string }> {
  const pairing = await BoardPairingModel.findOneAndUpdate(
    { codeHash: boardTokenHash(code), usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
    { returnDocument: 'after' },
  ).lean();
  if (!pairing) throw notFound('Pairing code');
  const live = await StoreModel.exists({ _id: pairing.store, business: pairing.business, deletedAt: null });
  if (!live) throw notFound('Pairing code');
  const { boardId, token } = await issueBoard({
    business: pairing.business,
    store: pairing.store,
    createdBy: pairing.createdBy ?? null,
  });
  await BoardPairingModel.updateOne({ _id: pairing._id }, { $set: { board: boardId } });
  return { token };
}
