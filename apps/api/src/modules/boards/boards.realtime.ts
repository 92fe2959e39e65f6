// Boards on the socket: a TV is admitted by its link's token, and each accepted rating nudges its store's boards.
import { BOARD_EVENTS } from '@cx/contracts';
import { coalescedRead } from '../../lib/coalesce';
import { publishToBoard, setBoardAdmission } from '../../lib/realtime';
import { onRatingAccepted } from '../feedback/rating-accepted';
import { BoardModel } from './board.model';
import { boardOfToken } from './boards.service';

/** Registered once from createApp(): board socket admission and the `board` reaction. */
export function registerBoardReactions(): void {
  setBoardAdmission(async (token) => {
    const board = await boardOfToken(token);
    return board ? { boardId: String(board._id), storeId: String(board.store) } : null;
  });
  // A nudge, not data: the board refetches what it may show. Sending it twice is harmless (idempotent per rating).
  onRatingAccepted('board', async ({ store, flagged }) => {
    if (flagged) return;
    const key = `boards-of:${String(store._id)}`;
    if (!(await coalescedRead(key, () => BoardModel.exists({ store: store._id, revokedAt: null })))) return;
    publishToBoard(String(store._id), BOARD_EVENTS.refresh, { at: new Date().toISOString() });
  });
}
