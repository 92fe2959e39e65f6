// Every route of the contract fed 100 hostile inputs built from its own schemas: a clear 4xx, never a 500, DB unchanged.
// One business A (built once) is the target of every route: each route's dump is compared with the one before it.
import fc from 'fast-check';
import type { ZodTypeAny } from 'zod';
import type { AppRoute } from '@ts-rest/core';
import request from 'supertest';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { listeningApp } from '../helpers/listening';
import { hostileBody, hostilePathValue, hostileQueryValue, mutatedObject, queryWire } from './hostile';
import { isolationMatrix } from './isolation-matrix';
import { contractRoutes, dumpChain, pathFor, type Aim } from './support';
import { makeVictim, type Victim } from './tenants';

setupTestDb({ clearBetweenTests: false });
// one server for the file's requests (thousands of them)
const app = listeningApp();
const RUNS = 100;

/** A valid request for each public route; authenticated routes reuse the isolation matrix aimed at A's own records. */
const publicAims: Record<string, (a: Victim) => Aim> = {
  'files.getFile': (a) => ({ params: { id: a.image } }),
  'feedback.getStore': (a) => ({ params: { storeId: a.store } }),
  'feedback.recordVisit': (a) => ({ body: { store: a.store, idempotencyKey: 'fuzz-key-visit' } }),
  'feedback.rateStaff': (a) => ({
    body: { store: a.store, staff: a.staff, score: 4, idempotencyKey: 'fuzz-key-staff' },
  }),
  'feedback.rateExperience': (a) => ({ body: { store: a.store, score: 4, idempotencyKey: 'fuzz-key-exp' } }),
  'feedback.recordSocialClick': (a) => ({
    body: { store: a.store, network: 'website', idempotencyKey: 'fuzz-key-social' },
  }),
  'feedback.issueDevice': () => ({}),
  'anonymous.getUserInterfaces': (a) => ({ params: { storeId: a.store } }),
  'anonymous.getStoreDetails': (a) => ({ params: { id: a.store } }),
  'boards.publicBoard': () => ({ params: { token: 'A'.repeat(43) } }),
  'boards.redeemPairing': () => ({ body: { code: 'ABCDEF' } }),
  'users.signup': () => ({
    body: { fullname: 'Fuzz', email: 'fuzz@example.com', password: 'Passw0rd!long' },
  }),
  'users.login': (a) => ({ body: { email: a.email, password: a.user.password } }),
  'users.verifyEmail': () => ({ query: { token: 'not-a-real-token' } }),
  'users.forgotPassword': (a) => ({ body: { email: a.email } }),
  'users.verifyOtp': (a) => ({ body: { email: a.email, otp: '123456' } }),
  'users.resetPassword': (a) => ({ body: { email: a.email, password: 'Passw0rd!new', resetToken: 'x' } }),
};

function baselineFor(key: string, route: AppRoute, a: Victim): Aim {
  const own = { user: a.user, userId: a.userId, store: a.store, staff: a.staff };
  const aim = isolationMatrix[key]?.aims(a, own)[0] ?? publicAims[key]?.(a) ?? {};
  // A route nobody described yet still gets fuzzed: any path param it has gets a well-formed id.
  const params = { ...aim.params };
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) params[name!] ??= a.store;
  return { ...aim, params };
}

const asZod = (s: unknown): ZodTypeAny | undefined =>
  s && typeof (s as ZodTypeAny).safeParse === 'function' ? (s as ZodTypeAny) : undefined;

/**
 * Only schemas that refuse something can be fed inputs that must be refused (z.unknown() upload bodies cannot). An
 * object of optional fields takes `{ $gt: '' }` whole (unknown keys are stripped) but refuses it in one of its fields.
 */
const validating = (s: ZodTypeAny | undefined): s is ZodTypeAny =>
  !!s &&
  !s.safeParse(12345).success &&
  (!s.safeParse({ $gt: '' }).success || shapeKeys(s).some((k) => !s.safeParse({ [k]: { $gt: '' } }).success));

function shapeKeys(schema: ZodTypeAny): string[] {
  let s: unknown = schema;
  for (let i = 0; i < 6 && s; i++) {
    const shape = (s as { shape?: Record<string, unknown> }).shape;
    if (shape) return Object.keys(shape);
    const def = (s as { _def?: { schema?: unknown; innerType?: unknown; in?: unknown } })._def;
    s = def?.schema ?? def?.innerType ?? def?.in;
  }
  return [];
}

type Part = 'params' | 'query' | 'body';
interface Case {
  part: Part;
  value: unknown;
}

function casesFor(route: AppRoute, base: Aim): fc.Arbitrary<Case> | undefined {
  const schemas: Partial<Record<Part, ZodTypeAny>> = {
    params: asZod(route.pathParams),
    query: asZod(route.query),
    body: route.method === 'GET' ? undefined : asZod((route as { body?: unknown }).body),
  };
  const arbs: Array<fc.Arbitrary<Case>> = [];
  const params = schemas.params;
  if (validating(params)) {
    const names = shapeKeys(params);
    arbs.push(
      fc
        .record({ name: fc.constantFrom(...names), value: hostilePathValue })
        .map(({ name, value }) => ({ part: 'params' as const, value: { ...base.params, [name]: value } }))
        .filter((c) => !params.safeParse(c.value).success),
    );
  }
  const query = schemas.query;
  if (validating(query)) {
    arbs.push(
      mutatedObject((base.query ?? {}) as Record<string, unknown>, shapeKeys(query), false, hostileQueryValue)
        .map((value) => ({ part: 'query' as const, value }))
        .filter((c) => !query.safeParse(queryWire(c.value as Record<string, unknown>)).success),
    );
  }
  const body = schemas.body;
  if (validating(body)) {
    arbs.push(
      fc
        .oneof(
          {
            weight: 4,
            arbitrary: mutatedObject((base.body ?? {}) as Record<string, unknown>, shapeKeys(body), true),
          },
          { weight: 1, arbitrary: hostileBody },
        )
        .map((value) => ({ part: 'body' as const, value }))
        .filter((c) => !body.safeParse(c.value).success),
    );
  }
  return arbs.length ? fc.oneof(...arbs) : undefined;
}

function send(route: AppRoute, base: Aim, c: Case | undefined, token?: string): request.Test {
  const params = (c?.part === 'params' ? c.value : base.params) as Record<string, string>;
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = request(app)[method](pathFor(route, params));
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const query = c?.part === 'query' ? c.value : c ? base.query : { $where: 'sleep(100)', q: { $gt: '' } };
  if (query) req = req.query(query as Record<string, string>);
  const body = c?.part === 'body' ? c.value : base.body;
  if (route.method !== 'GET' && body !== undefined) {
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  }
  return req;
}

const routes = contractRoutes();

describe('hostile input on every route of the contract', () => {
  const world = dumpChain();
  let a: Victim;
  beforeAll(async () => {
    a = await makeVictim();
    await world.start();
  });

  it('covers every route', () => {
    process.stdout.write(`fuzz: ${routes.length} routes × ${RUNS} hostile cases\n`);
    expect(routes.length).toBeGreaterThan(40);
  });

  it.each(routes.map((r) => [r.key, r] as const))(
    '%s answers every hostile input with a 4xx and a message, never a 500, and changes nothing',
    async (key, r) => {
      const token = r.isPublic ? undefined : a.user.token;
      const base = baselineFor(key, r.route, a);
      const cases = casesFor(r.route, base);
      if (!cases) {
        // Nothing to validate (no params, query or body): hostile extras must still never break it.
        for (let i = 0; i < RUNS; i++) {
          resetRateLimits();
          const res = await send(r.route, base, undefined, token);
          expect(res.status).toBeLessThan(500);
        }
      } else {
        await fc.assert(
          fc.asyncProperty(cases, async (c) => {
            resetRateLimits();
            const res = await send(r.route, base, c, token);
            const message = (res.body as { message?: unknown } | undefined)?.message;
            if (res.status < 400 || res.status >= 500 || typeof message !== 'string' || !message) {
              throw new Error(
                `${c.part} ${JSON.stringify(c.value).slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`,
              );
            }
          }),
          { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), verbose: 0 },
        );
      }
      const { before, after } = await world.next();
      expect(after).toEqual(before);
    },
    // A bound for a busy 2-core machine; speed is the benches' business, not this test's.
    60_000,
  );
});
