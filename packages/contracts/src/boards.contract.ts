// /boards: breakroom TV boards — a revocable, unguessable link per store and the public board data it opens.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';
import { ZMessageSchema, ZObjectIdSchema } from './common';
import { ZBrandSchema } from './brand.schemas';

const c = initContract();

/** Socket.IO: a board's socket sends `auth: { board: <token> }` and hears only this nudge, then refetches. */
export const BOARD_EVENTS = { refresh: 'board:refresh' } as const;

export const ZCreateBoardSchema = z.object({
  store: ZObjectIdSchema.describe('The store the board shows'),
});
export type TCreateBoard = z.infer<typeof ZCreateBoardSchema>;

export const ZBoardSchema = z.object({
  _id: z.string(),
  store: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** Who created it; null once that person's account is gone. */
  createdBy: z.object({ name: z.string() }).nullable(),
  /** When a TV last fetched the board (updated at most once a minute); null when never opened. */
  lastSeenAt: z.string().nullable(),
});
export type TBoard = z.infer<typeof ZBoardSchema>;

export const ZBoardMemberSchema = z.object({
  _id: z.string(),
  /** First name only: the board hangs on a wall. */
  firstName: z.string(),
  photo: z.string().nullable(),
  /** Null: below the business's minimum sample this week (shown apart, never last). */
  rank: z.number().int().nullable(),
});
export type TBoardMember = z.infer<typeof ZBoardMemberSchema>;

export const ZBoardShoutOutSchema = z.object({
  _id: z.string(),
  /** The positive comment with emails, phone numbers and links masked. */
  text: z.string(),
  firstName: z.string(),
  photo: z.string().nullable(),
  createdAt: z.string(),
});
export type TBoardShoutOut = z.infer<typeof ZBoardShoutOutSchema>;

export const ZBoardDataSchema = z.object({
  store: z.object({ name: z.string(), image: z.string().nullable() }),
  /** The chain's logo and colour, shown on the board's header. */
  brand: ZBrandSchema,
  /** The last seven days in the store's time zone, against the seven before. */
  week: z.object({
    from: z.string(),
    to: z.string(),
    ratings: z.number().int(),
    /** Null below the minimum sample. */
    average: z.number().nullable(),
    /** Change of the average against the previous seven days; null when either side is below the minimum sample. */
    change: z.number().nullable(),
  }),
  today: z.object({ day: z.string(), ratings: z.number().int() }),
  minSample: z.number().int(),
  /** Display order: people not yet ranked first (without a rank), then the ranked top by rank. */
  team: z.array(ZBoardMemberSchema),
  shoutOuts: z.array(ZBoardShoutOutSchema),
  generatedAt: z.string(),
});
export type TBoardData = z.infer<typeof ZBoardDataSchema>;

/** A TV's pairing code: 6 characters without look-alikes (no 0/O, 1/I/L), typed on a remote in a few seconds. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 6;
/** How long a shown code opens a board: long enough to walk to the breakroom, short enough that guessing is futile. */
export const PAIRING_CODE_MINUTES = 10;

export const ZPairingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`),
    `Enter the ${PAIRING_CODE_LENGTH}-character code shown in the board dialog`,
  );

export const ZCreatePairingSchema = ZCreateBoardSchema;
export const ZPairingSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** The web address a phone or TV opens to use the code (also what the QR code holds). */
  pairUrl: z.string(),
});
export type TPairing = z.infer<typeof ZPairingSchema>;

export const ZRedeemPairingSchema = z.object({ code: ZPairingCodeSchema });
export type TRedeemPairing = z.infer<typeof ZRedeemPairingSchema>;

export const boardsContract = c.router({
  create: {
    method: 'POST',
    path: '/boards',
    metadata: businessRoute('boards:manage'),
    body: ZCreateBoardSchema,
    responses: { 201: z.object({ _id: z.string(), url: z.string() }) },
    summary: 'Create a breakroom board link for a store (the link is in this answer only)',
  },
  list: {
    method: 'GET',
    path: '/boards',
    metadata: businessRoute('boards:manage'),
    responses: { 200: z.object({ boards: z.array(ZBoardSchema) }) },
    summary: "The live breakroom boards of the member's stores, newest first (never their links)",
  },
  remove: {
    method: 'DELETE',
    path: '/boards/:id',
    pathParams: z.object({ id: ZObjectIdSchema }),
    body: c.noBody(),
    metadata: businessRoute('boards:manage'),
    responses: { 200: ZMessageSchema },
    summary: 'Switch a board off: its link answers 404 and its TVs are disconnected',
  },
  createPairing: {
    method: 'POST',
    path: '/boards/pairing-codes',
    metadata: businessRoute('boards:manage'),
    body: ZCreatePairingSchema,
    responses: { 201: ZPairingSchema },
    summary: `A short code (and its QR) that opens a new board of the store on a TV, once, within ${PAIRING_CODE_MINUTES} minutes`,
  },
  redeemPairing: {
    method: 'POST',
    path: '/boards/pairing-codes/redeem',
    metadata: { public: true } as const,
    body: ZRedeemPairingSchema,
    responses: { 200: z.object({ token: z.string() }) },
    summary:
      'A TV trades a pairing code for its board link (no login); 404 for a wrong, used or expired code',
  },
  publicBoard: {
    method: 'GET',
    path: '/boards/public/:token',
    pathParams: z.object({ token: z.string().max(200) }),
    metadata: { public: true } as const,
    responses: { 200: ZBoardDataSchema },
    summary: "A board's data for its TV (no login); 404 once switched off",
  },
});
