// Generated from the contract: which routes an API key may call, by the scope each route declares.
import { Types } from 'mongoose';
import type { TRouteAccess } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { callRoute, contractRoutes, dumpDb, type ContractRoute } from '../security/support';
import { createKey, keyWorld } from './support';

setupTestDb();
const app = createApp();
beforeEach(() => resetRateLimits());

const guarded = contractRoutes().filter((r) => !r.isPublic);
const scopeOf = (r: ContractRoute) => (r.route.metadata as TRouteAccess & { apiKey?: string }).apiKey;
/** Any :param gets a fresh id (the guard answers before a handler looks), the export its league-table flavour. */
const paramsOf = (r: ContractRoute, table = 'staff') =>
  Object.fromEntries(
    [...r.route.path.matchAll(/:(\w+)/g)].map(([, name]) => [
      name,
      name === 'table' ? table : String(new Types.ObjectId()),
    ]),
  );

const ratingsRoutes = guarded.filter((r) => scopeOf(r) === 'ratings:read');
const analyticsRoutes = guarded.filter((r) => scopeOf(r) === 'analytics:read');
const writeRoutes = guarded.filter((r) => r.route.method !== 'GET');
const keylessRoutes = guarded.filter((r) => scopeOf(r) === undefined);

describe('the contract marks which routes take a key', () => {
  it('the ratings reads take ratings:read, the other analytics reads analytics:read, and no write takes either', () => {
    expect(ratingsRoutes.map((r) => r.key).sort()).toEqual([
      'analytics.exportCsv',
      'analytics.timeline',
      'ratingReview.listFlagged',
    ]);
    expect(analyticsRoutes.map((r) => r.key).sort()).toEqual([
      'analytics.areaLeague',
      'analytics.getSettings',
      'analytics.overview',
      'analytics.snapshot',
      'analytics.staffLeague',
      'analytics.storeLeague',
      'analytics.themes',
    ]);
    for (const r of writeRoutes) expect([r.key, scopeOf(r) ?? 'none']).not.toEqual([r.key, 'ratings:read']);
    for (const r of writeRoutes) expect([r.key, scopeOf(r) ?? 'none']).not.toEqual([r.key, 'analytics:read']);
  });
});

describe('a key holding only ratings:read', () => {
  it('gets 403 on every analytics:read route, league-table exports included', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['ratings:read']);
    const answers = [];
    for (const r of analyticsRoutes) {
      const res = await callRoute(app, r.route, { params: paramsOf(r) }, key);
      answers.push([r.key, res.status, res.body.code]);
    }
    const exportRoute = ratingsRoutes.find((r) => r.key === 'analytics.exportCsv')!;
    for (const table of ['staff', 'stores']) {
      const res = await callRoute(app, exportRoute.route, { params: { table } }, key);
      answers.push([`${exportRoute.key}(${table})`, res.status, res.body.code]);
    }
    expect(answers).toEqual(answers.map(([k]) => [k, 403, 'FORBIDDEN']));
  });

  it('gets 403 on every write route and every route that takes no key, and changes nothing', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['ratings:read']);
    const targets = [...new Set([...writeRoutes, ...keylessRoutes])];
    expect(targets.length).toBeGreaterThan(40);
    // Every call is audited and stamps lastUsedAt: everything else must be as it was.
    const data = async () => {
      const { auditentries: _audit, apikeys: _keys, ...rest } = await dumpDb();
      return rest;
    };
    const before = await data();
    const answers = [];
    for (const r of targets) {
      const res = await callRoute(app, r.route, { params: paramsOf(r), body: {} }, key);
      answers.push([r.key, res.status]);
    }
    expect(answers).toEqual(targets.map((r) => [r.key, 403]));
    expect(await data()).toEqual(before);
  });

  it('gets 200 on every ratings read route', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['ratings:read']);
    const answers = [];
    for (const r of ratingsRoutes) {
      const res = await callRoute(app, r.route, { params: paramsOf(r, 'timeline') }, key);
      answers.push([r.key, res.status]);
    }
    expect(answers).toEqual(ratingsRoutes.map((r) => [r.key, 200]));
  });
});

describe('a key holding only analytics:read', () => {
  it('gets 200 on the analytics reads and 403 on the ratings reads', async () => {
    const w = await keyWorld();
    const { key } = await createKey(app, w.owner, ['analytics:read']);
    const answers = [];
    for (const r of [...analyticsRoutes, ...ratingsRoutes]) {
      const res = await callRoute(app, r.route, { params: paramsOf(r, 'timeline') }, key);
      answers.push([r.key, res.status]);
    }
    expect(answers).toEqual([
      ...analyticsRoutes.map((r) => [r.key, 200]),
      ...ratingsRoutes.map((r) => [r.key, 403]),
    ]);
  });
});
