// Breakroom boards: links created per store (only the token's SHA-256 kept), listed with last seen, switched off.
import { createHash, randomBytes } from 'node:crypto';
import type { TBoard, TBoardData } from '@cx/contracts';
import type { Types } from 'mongoose';
import { env } from '../../config/env';
import { notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { disconnectBoard } from '../../lib/realtime';
import { scopeFilter, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { StoreModel } from '../stores/store.model';
import { findStoreInScope } from '../stores/stores.service';
import { UserModel } from '../users/user.model';
import { boardData } from './board-data';
import { BoardModel, type BoardDoc } from './board.model';

/** 32 random bytes in base64url: 43 characters; anything else is refused before a database read. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** lastSeenAt answers "is the TV still on?": written at most once a minute, not on every refetch. */
export const BOARD_LAST_SEEN_EVERY_MS = 60_000;

export const boardTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const boardUrl = (token: string) => `${env.PUBLIC_WEB_URL.replace(/\/+$/, '')}/board/${token}`;

export async function createBoard(access: Access, storeId: string): Promise<{ _id: string; url: string }> {
  const store = await findStoreInScope(access, storeId);
  const { boardId, token } = await issueBoard({
    business: access.businessId,
    store: store._id,
    createdBy: access.userId,
  });
  await recordAudit(access, {
    kind: 'board',
    action: 'board.create',
    summary: `Created a breakroom board link for ${store.name}`,
    store,
  });
  return { _id: boardId, url: boardUrl(token) };
}

/** A new board and its link's token (returned once, only its hash kept): from a member's dialog or a paired TV. */
export async function issueBoard(owner: {
  business: Types.ObjectId | string;
  store: Types.ObjectId | string;
  createdBy: Types.ObjectId | string | null;
}): Promise<{ boardId: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const board = await BoardModel.create({ ...owner, tokenHash: boardTokenHash(token) });
  return { boardId: String(board._id), token };
}

export async function listBoards(access: Access): Promise<TBoard[]> {
  const boards = await BoardModel.find({ ...scopeFilter(access), revokedAt: null }, { tokenHash: 0 })
    .sort({ createdAt: -1, _id: -1 })
    .lean<BoardDoc[]>();
  const [stores, users] = await Promise.all([
    StoreModel.find({ _id: { $in: boards.map((b) => b.store) }, deletedAt: null }, { name: 1 }).lean(),
    UserModel.find({ _id: { $in: boards.map((b) => b.createdBy).filter(Boolean) } }, { fullname: 1 }).lean(),
  ]);
  const storeName = new Map(stores.map((s) => [String(s._id), s.name]));
  const userName = new Map(users.map((u) => [String(u._id), u.fullname]));
  // A deleted store's board shows nothing any more: it is not listed.
  return boards
    .filter((b) => storeName.has(String(b.store)))
    .map((b) => ({
      _id: String(b._id),
      store: { _id: String(b.store), name: storeName.get(String(b.store))! },
      createdAt: (b.createdAt as Date).toISOString(),
      createdBy: userName.has(String(b.createdBy)) ? { name: userName.get(String(b.createdBy))! } : null,
      lastSeenAt: b.lastSeenAt ? b.lastSeenAt.toISOString() : null,
    }));
}

/** A board outside the member's stores or business, or already off, is a 404 like an unknown id. */
export async function switchOffBoard(access: Access, id: string): Promise<void> {
  const board = await BoardModel.findOneAndUpdate(
    { _id: id, ...scopeFilter(access), revokedAt: null },
    { $set: { revokedAt: new Date() } },
  ).lean<BoardDoc>();
  if (!board) throw notFound('Board');
  disconnectBoard(String(board._id));
  const store = await StoreModel.findById(board.store, { name: 1 }).lean();
  await recordAudit(access, {
    kind: 'board',
    action: 'board.revoke',
    summary: `Switched off a breakroom board of ${store?.name ?? 'a deleted store'}`,
    store: store ?? { _id: board.store },
  });
}

/** The live board a token opens (its store not deleted), or null. */
export async function boardOfToken(token: unknown): Promise<BoardDoc | null> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const board = await BoardModel.findOne({
    tokenHash: boardTokenHash(token),
    revokedAt: null,
  }).lean<BoardDoc>();
  if (!board) return null;
  const live = await StoreModel.exists({ _id: board.store, business: board.business, deletedAt: null });
  return live ? board : null;
}

/** The public board: 404 for an unknown or switched-off link; marks the TV as seen, at most once a minute. */
export async function publicBoard(token: string, now = new Date()): Promise<TBoardData> {
  const board = await boardOfToken(token);
  if (!board) throw notFound('Board');
  const stale = new Date(now.getTime() - BOARD_LAST_SEEN_EVERY_MS);
  if (!board.lastSeenAt || board.lastSeenAt <= stale) {
    await BoardModel.updateOne(
      { _id: board._id, $or: [{ lastSeenAt: null }, { lastSeenAt: { $lte: stale } }] },
      { $set: { lastSeenAt: now } },
    ).catch((err: unknown) => logger.warn({ err }, 'board last seen not recorded'));
  }
  return boardData(board, now);
}
