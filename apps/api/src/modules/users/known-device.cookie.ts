// The known-device cookie: one httpOnly cookie per account this browser signed in to, sent back only to the login route.
import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { env } from '../../config/env';

/** The only route that reads it: no other request carries the token (and the web's scripts never see it). */
export const KNOWN_DEVICE_COOKIE_PATH = '/api/v1/user/login';
/** A known device unused this long is forgotten (the cookie's life is renewed by each sign-in). */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/** Per account, so a second account signed in on the same browser neither replaces nor learns the first one's token. */
export const knownDeviceCookieName = (userId: string): string => `cx_device_${userId}`;

/** The token this browser holds for the account, if any. */
export function knownDeviceOf(req: Pick<Request, 'headers'>, userId: string): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[knownDeviceCookieName(userId)] : undefined;
}

export function setKnownDeviceCookie(res: Response, userId: string, token: string): void {
  res.cookie(knownDeviceCookieName(userId), token, {
    httpOnly: true,
    secure: env.NODE_ENV === 'production',
    sameSite: 'strict',
    path: KNOWN_DEVICE_COOKIE_PATH,
    maxAge: KNOWN_DEVICE_TTL_MS,
  });
}
