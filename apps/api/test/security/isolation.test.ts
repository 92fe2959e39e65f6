// Every authenticated route of the contract: bad tokens answer 401, business B aimed at A's records is refused, A unchanged.
// One A and one B serve every route (built once): each test's dump is compared with the one the test before ended with.
import { Types } from 'mongoose';
import jwt from 'jsonwebtoken';
import { env } from '../../src/config/env';
import { StoreModel } from '../../src/modules/stores/store.model';
import { UserModel } from '../../src/modules/users/user.model';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { makeAreaMember, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { listeningApp } from '../helpers/listening';
import { isolationMatrix } from './isolation-matrix';
import { callRoute, contractRoutes, dumpChain, withoutOwner, type Aim, type ContractRoute } from './support';
import { makeIntruder, makeVictim, type Intruder, type Victim } from './tenants';

setupTestDb({ clearBetweenTests: false });
// one server for the file's requests (thousands of them)
const app = listeningApp();

const routes = contractRoutes();
const authenticated = routes.filter((r) => !r.isPublic);

const b64url = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** The tokens an attacker can come with, each of which must be refused. */
async function badTokens(a: Victim): Promise<Array<[string, string | undefined]>> {
  const [header, payload, signature] = a.user.token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const gone = await makeUser();
  await UserModel.deleteOne({ _id: gone.id });
  const now = Math.floor(Date.now() / 1000);
  return [
    ['no token', undefined],
    ['garbage', 'not-a-token'],
    [
      'tampered payload',
      `${header}.${b64url({ ...claims, sub: String(new Types.ObjectId()) })}.${signature}`,
    ],
    ['tampered signature', `${header}.${payload}.${signature.slice(0, -4)}AAAA`],
    ['alg none', `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['wrong secret', jwt.sign(claims, 'another-secret-of-sufficient-length', { algorithm: 'HS256' })],
    [
      'expired',
      jwt.sign({ ...claims, iat: now - 7200, exp: now - 60 }, env.JWT_SECRET, { algorithm: 'HS256' }),
    ],
    ['deleted user', gone.token],
  ];
}

/** Aims for a route: the matrix entry's, or (for a route the matrix misses) random ids for every path param. */
function aimsFor(r: ContractRoute, a: Victim, b: Intruder): Aim[] {
  const entry = isolationMatrix[r.key];
  if (entry) return entry.aims(a, b);
  const params = Object.fromEntries(
    [...r.route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, String(new Types.ObjectId())]),
  );
  return [{ params }];
}

describe('isolation matrix: every authenticated route of the contract', () => {
  const world = dumpChain();
  let a: Victim;
  let b: Intruder;
  let tokens: Array<[string, string | undefined]>;
  /** B's manager and viewer granted the district of B that holds B's store. */
  let areaMembers: Array<[string, MadeUser]>;
  beforeAll(async () => {
    a = await makeVictim();
    b = await makeIntruder();
    tokens = await badTokens(a);
    const district = await insertArea(b.userId, 'Intruder district', await rootArea(b.userId));
    await StoreModel.updateOne({ _id: b.store }, { $set: { area: district._id } });
    areaMembers = [
      ['area manager', await makeAreaMember(b.userId, 'manager', [district._id])],
      ['area viewer', await makeAreaMember(b.userId, 'viewer', [district._id])],
    ];
    await world.start();
  });

  it('has an entry for every authenticated route and none for a route that does not exist', () => {
    const missing = authenticated.filter((r) => !isolationMatrix[r.key]).map((r) => r.key);
    const stale = Object.keys(isolationMatrix).filter((k) => !authenticated.some((r) => r.key === k));
    const covered = authenticated.length - missing.length;
    process.stdout.write(
      `isolation matrix: ${covered}/${authenticated.length} authenticated routes covered ` +
        `(${routes.length - authenticated.length} public routes not in scope)\n`,
    );
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    expect(authenticated.length).toBeGreaterThan(20);
  });

  describe.each(authenticated.map((r) => [r.key, r] as const))('%s', (_key, r) => {
    it('answers 401 with a message to no, tampered, expired and deleted-user tokens and changes nothing', async () => {
      for (const aim of aimsFor(r, a, b)) {
        for (const [label, token] of tokens) {
          const res = await callRoute(app, r.route, aim, token);
          expect({ label, status: res.status }).toEqual({ label, status: 401 });
          expect(res.body).toEqual(
            expect.objectContaining({ code: 'UNAUTHORIZED', message: expect.any(String) }),
          );
        }
      }
      const { before, after } = await world.next();
      expect(after).toEqual(before);
    });

    it("refuses business B aimed at business A's records and leaves A's data as it was", async () => {
      const entry = isolationMatrix[r.key];
      expect(entry).toBeDefined();
      for (const aim of entry!.aims(a, b)) {
        const res = await callRoute(app, r.route, aim, b.user.token);
        const seen = Buffer.isBuffer(res.body) ? '' : JSON.stringify(res.body ?? '') + (res.text ?? '');
        const leaked = a.secrets.filter((s) => seen.includes(s));
        if (entry!.expect === 'notFound') {
          expect({ status: res.status, message: res.body.message }).toEqual({
            status: 404,
            message: expect.stringMatching(/not found$/),
          });
        } else if (entry!.expect === 'refused') {
          expect([403, 404]).toContain(res.status);
        } else {
          // Own-only routes may also refuse the caller's own state (409: e.g. no billing account yet to manage).
          expect([200, 201, 404, 409]).toContain(res.status);
        }
        expect(leaked).toEqual([]);
      }
      // B's own-only calls may change B's records (kept for the next tests); nothing else may change.
      const { before, after } = await world.next();
      expect(withoutOwner(after, b.userId)).toEqual(withoutOwner(before, b.userId));
    });

    it("refuses B's area-level manager and viewer aimed at A's records and leaves A's data as it was", async () => {
      const entry = isolationMatrix[r.key]!;
      for (const [who, member] of areaMembers) {
        for (const aim of entry.aims(a, b)) {
          const res = await callRoute(app, r.route, aim, member.token);
          const seen = Buffer.isBuffer(res.body) ? '' : JSON.stringify(res.body ?? '') + (res.text ?? '');
          const allowed = entry.expect === 'ownOnly' ? [200, 201, 403, 404, 409] : [403, 404];
          expect({ who, status: allowed.includes(res.status) }).toEqual({ who, status: true });
          expect({ who, leaked: a.secrets.filter((s) => seen.includes(s)) }).toEqual({ who, leaked: [] });
        }
      }
      const { before, after } = await world.next();
      expect(withoutOwner(after, b.userId)).toEqual(withoutOwner(before, b.userId));
    });
  });
});
