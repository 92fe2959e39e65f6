// What a browser journey gets: pages in Debian Chromium, the running stack, captured mail, and quick test users.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from 'mongodb';
import type { Mailbox } from './mailbox';
import { REPO_ROOT } from './servers';
import { expectAccessible } from './a11y';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'e2e', 'screenshots');
export const DEMO = { email: 'demo@cxjourney.app', password: 'DemoPass123!' } as const;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullname: string;
  token: string;
  user: Record<string, unknown>;
}

export interface JourneyContext {
  webUrl: string;
  apiUrl: string;
  mailbox: Mailbox;
  db: Db;
  demo: typeof DEMO;
  /** A fresh browser context per call (isolated storage) at the given viewport. */
  newPage(viewport: { width: number; height: number }): Promise<Page>;
  /**
   * Keeps a full-page PNG under test-output/e2e/screenshots/<journey>--<name>.png, then checks the screen with axe
   * (serious or critical violations fail the journey), so every screen a journey shows is checked.
   */
  screenshot(page: Page, name: string, opts?: { axe?: boolean }): Promise<void>;
  /** A verified business user with an active subscription, signed in through the real login endpoint. */
  createUser(overrides?: { fullname?: string; email?: string; password?: string }): Promise<TestUser>;
  /** Puts a user's session into the page's localStorage (as the login dialog does) and opens /dashboard. */
  login(page: Page, user?: TestUser): Promise<TestUser>;
  /** The same context with pages opened against another web server (e.g. nginx in front of the same build). */
  atWebUrl(webUrl: string): JourneyContext;
}

export interface Journey {
  name: string;
  /** Tools the runner obtains before the stack starts (an apt install never runs inside a timed journey). */
  needs?: readonly ('nginx' | 'poppler')[];
  run(ctx: JourneyContext): Promise<void>;
}

let userSeq = 0;

export function makeContext(opts: {
  journey: string;
  browser: Browser;
  webUrl: string;
  apiUrl: string;
  mailbox: Mailbox;
  db: Db;
  contexts: BrowserContext[];
}): JourneyContext {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const ctx: JourneyContext = {
    webUrl: opts.webUrl,
    apiUrl: opts.apiUrl,
    mailbox: opts.mailbox,
    db: opts.db,
    demo: DEMO,
    async newPage(viewport) {
      const context = await opts.browser.newContext({ viewport, baseURL: opts.webUrl });
      opts.contexts.push(context);
      return context.newPage();
    },
    async screenshot(page, name, shotOpts = {}) {
      const file = `${opts.journey}--${name}`.replace(/[^\w.-]+/g, '-');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${file}.png`), fullPage: true });
      if (shotOpts.axe !== false) await expectAccessible(page, `${opts.journey}: ${name}`);
    },
    async createUser(overrides = {}) {
      userSeq += 1;
      const password = overrides.password ?? 'JourneyPass1!';
      const email = (overrides.email ?? `journey${userSeq}.${Date.now()}@example.com`).toLowerCase();
      const fullname = overrides.fullname ?? `Jamie Journey${userSeq}`;
      const now = new Date();
      // A business owner as sign-up makes one: the person, their business (same id, as the API's sign-up does), with
      // an active subscription, and their owner membership.
      const { insertedId } = await opts.db.collection('users').insertOne({
        fullname,
        email,
        passwordHash: await bcrypt.hash(password, 4),
        tokenVersion: 0,
        profilePicture: null,
        timeZone: 'Europe/London',
        emailVerifiedAt: now,
        currentBusiness: null,
        createdAt: now,
        updatedAt: now,
      });
      await opts.db.collection('businesses').insertOne({
        _id: insertedId,
        name: `${fullname}'s business`,
        timeZone: 'Europe/London',
        createdBy: insertedId,
        subscriptionStatus: 'active',
        createdAt: now,
        updatedAt: now,
      });
      await opts.db.collection('memberships').insertOne({
        business: insertedId,
        user: insertedId,
        role: 'owner',
        allStores: true,
        stores: [],
        createdAt: now,
        updatedAt: now,
      });
      await opts.db.collection('users').updateOne({ _id: insertedId }, { $set: { currentBusiness: insertedId } });
      const res = await fetch(`${opts.apiUrl}/api/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`login for ${email} failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as {
        token: string;
        user: Record<string, unknown> & { id?: string; _id?: string };
      };
      return {
        id: String(body.user.id ?? body.user._id),
        email,
        password,
        fullname,
        token: body.token,
        user: body.user,
      };
    },
    async login(page, user) {
      const u = user ?? (await ctx.createUser());
      await page.goto('/');
      await page.evaluate(
        ([token, json]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', json);
        },
        [u.token, JSON.stringify(u.user)] as const,
      );
      await page.goto('/dashboard');
      return u;
    },
    atWebUrl(webUrl) {
      return makeContext({ ...opts, webUrl });
    },
  };
  return ctx;
}
