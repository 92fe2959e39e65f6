// JWT issue/verify and the token checks the access guard (src/tenancy/access.ts) and the socket handshake share.
import { createSecretKey } from 'node:crypto';
import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import { API_KEY_PREFIX } from '@cx/contracts';
import { env } from '../config/env';
import { AppError, unauthorized } from './errors';

export interface AuthContext {
  userId: string;
  /** The business the person works in now, read with the session check (undefined when no validator says). */
  currentBusiness?: string | null;
  /** The token's version (bumped by each password change): a socket remembers it to be closed by the next change. */
  tokenVersion?: number;
}

interface TokenClaims {
  sub: string;
  typ: 'access';
  tv: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
    }
  }
}

/**
 * The signing key, made once: given the secret as a string, jsonwebtoken first tries (and fails) to parse it as a
 * public key on every call, about a millisecond of CPU per signed-in request.
 */
export const jwtKey = createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));

/** tokenVersion lets a password change or reset invalidate every token issued before it. */
export function signAccessToken(userId: string, tokenVersion: number): string {
  const claims: TokenClaims = { sub: userId, typ: 'access', tv: tokenVersion };
  return jwt.sign(claims, jwtKey, {
    algorithm: 'HS256',
    expiresIn: env.JWT_EXPIRES_IN as jwt.SignOptions['expiresIn'],
  });
}

export function verifyAccessToken(token: string): TokenClaims {
  try {
    const decoded = jwt.verify(token, jwtKey, { algorithms: ['HS256'] });
    if (typeof decoded !== 'object' || decoded.typ !== 'access' || typeof decoded.sub !== 'string') {
      throw unauthorized('Your session is invalid. Please log in again.');
    }
    return { sub: decoded.sub, typ: 'access', tv: typeof decoded.tv === 'number' ? decoded.tv : 0 };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof jwt.TokenExpiredError)
      throw unauthorized('Your session has expired. Please log in again.');
    throw unauthorized('Your session is invalid. Please log in again.');
  }
}

/** The request's API key, when its bearer is one (`cxk_…`; a member's JWT never starts so): the guard checks it. */
export function apiKeyOf(req: Pick<Request, 'headers'>): string | undefined {
  const token = bearerToken(req);
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

export function bearerToken(req: Pick<Request, 'headers'>): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Checks that the token's user still exists and that the token predates no password change, answering what the
 * access layer needs of the same user document (null: the session is not valid).
 * Registered by the users module so this file does not depend on a feature.
 */
export type SessionValidator = (claims: TokenClaims) => Promise<{ currentBusiness: string | null } | null>;
let validateSession: SessionValidator = async () => ({ currentBusiness: null });
export function setSessionValidator(fn: SessionValidator): void {
  validateSession = fn;
}

/** A bare token (a socket handshake's, or a request's bearer): one user read checks the session. */
export async function authenticateToken(token: string | undefined): Promise<AuthContext> {
  if (!token) throw unauthorized('Please log in to continue');
  const claims = verifyAccessToken(token);
  const session = await validateSession(claims);
  if (!session) throw unauthorized('Your session is no longer valid. Please log in again.');
  return { userId: claims.sub, currentBusiness: session.currentBusiness, tokenVersion: claims.tv };
}

export function authenticate(req: Pick<Request, 'headers'>): Promise<AuthContext> {
  return authenticateToken(bearerToken(req));
}

interface RouteWithMetadata {
  tsRestRoute?: { metadata?: unknown };
}

export function isPublicRoute(req: Request): boolean {
  const meta = (req as Request & RouteWithMetadata).tsRestRoute?.metadata as { public?: boolean } | undefined;
  return meta?.public === true;
}

/** The signed-in user's id inside a guarded handler. */
export function userIdOf(req: Request): string {
  if (!req.auth) throw unauthorized();
  return req.auth.userId;
}
