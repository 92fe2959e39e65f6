// /analytics/* (members): thin handlers that resolve the member's scope (their stores only) and call the services.
import type { Readable } from 'node:stream';
import type { Request, Response } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf, assertApiKeyScope } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { logger } from '../../lib/logger';
import { minSampleOf, setMinSample } from './analytics-settings.model';
import { areaLeague } from './area-league.service';
import { storeRatingSums } from './summed-rows';
import { overview, snapshot } from './dashboard.service';
import { exportCsv, exportFileName } from './export.service';
import {
  loadRows,
  LEAGUE_METRICS,
  sortLeague,
  staffLeagueFrom,
  staffLeagueRows,
  storeLeagueFrom,
} from './league.service';
import { loadScope } from './scope';
import { storeRank } from './store-rank.service';
import { performanceFor } from '../targets/performance';
import { themesReport } from './themes.service';
import { timelinePage } from './timeline.service';

const s = initServer();
/** ts-rest types req.query as the parsed query, which express's Request type does not allow. */
const memberOf = (req: unknown) => accessOf(req as Request);

/**
 * A file streamed out: a failure part-way (MongoDB gone while paging) ends this download only, logged, with the
 * connection cut so the browser reports a failed download instead of saving a short file; a client that goes away
 * stops the paging. Without an error listener the stream's error would be uncaught and end the whole API.
 */
export function endDownloadOnFailure(stream: Readable, req: Request, res: Response, file: string): Readable {
  stream.once('error', (err) => {
    logger.error({ err, reqId: req.id, file }, 'export failed part-way; the download was cut');
    res.destroy();
  });
  res.once('close', () => stream.destroy());
  return stream;
}

export const analyticsRouter = s.router(contract.analytics, {
  snapshot: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    const [body, perf] = await Promise.all([snapshot(scope), performanceFor(memberOf(req), scope)]);
    // one area asked for is the node; otherwise the one store, or the lowest area holding them
    const asked = query.areas?.length === 1 && !query.stores?.length ? query.areas[0] : undefined;
    const node = asked ?? perf.nodeOfStores(scope.stores.map((st) => st.id));
    return {
      status: 200,
      body: {
        ...body,
        stores: body.stores.map((r) => ({ ...r, targets: perf.metrics(r.store._id) })),
        targets: scope.stores.length ? perf.node(node) : null,
      },
    };
  },
  overview: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    return { status: 200, body: await overview(scope, query.granularity) };
  },
  staffLeague: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    const league = await staffLeagueFrom(scope, staffLeagueRows(scope));
    const order = (rows: typeof league.ranked) =>
      sortLeague(rows, query.sort, query.order, (r) => r.staff.name);
    return {
      status: 200,
      body: {
        ...league,
        period: scope.label,
        ranked: order(league.ranked),
        notRanked: order(league.notRanked),
      },
    };
  },
  storeLeague: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    const [rows, perf] = await Promise.all([
      loadRows(scope, [...LEAGUE_METRICS], { people: 'store' }),
      performanceFor(memberOf(req), scope),
    ]);
    const league = storeLeagueFrom(scope, rows);
    const order = (list: typeof league.ranked) =>
      sortLeague(list, query.sort, query.order, (r) => r.store.name).map((r) => ({
        ...r,
        targets: perf.metrics(r.store._id),
      }));
    return {
      status: 200,
      body: {
        ...league,
        period: scope.label,
        ranked: order(league.ranked),
        notRanked: order(league.notRanked),
      },
    };
  },
  storeRank: async ({ query, req }) => ({ status: 200, body: await storeRank(memberOf(req), query) }),
  areaLeague: async ({ query, req }) => {
    const access = memberOf(req);
    const scope = await loadScope(access, query);
    // the league and its targets read the stores' sums once (both periods) when the targets cover the same stores
    const whole = !scope.staff && !scope.filter.stores?.length && !scope.filter.areas?.length;
    const sums = whole ? storeRatingSums(scope) : undefined;
    const [league, perf] = await Promise.all([
      areaLeague(access, scope, query, sums),
      performanceFor(access, scope, sums),
    ]);
    const withTargets = (list: typeof league.ranked) =>
      list.map((r) => ({ ...r, targets: perf.metrics(r.area._id) }));
    return {
      status: 200,
      body: {
        ...league,
        period: scope.label,
        ranked: withTargets(league.ranked),
        notRanked: withTargets(league.notRanked),
      },
    };
  },
  timeline: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    return { status: 200, body: await timelinePage(scope, query) };
  },
  themes: async ({ query, req }) => {
    const scope = await loadScope(memberOf(req), query);
    return { status: 200, body: await themesReport(scope, query.limit) };
  },
  exportCsv: async ({ params, query, req, res }) => {
    // The route takes ratings:read keys (the timeline is ratings); a league table is analytics.
    if (params.table !== 'timeline') assertApiKeyScope(memberOf(req), 'analytics:read');
    const scope = await loadScope(memberOf(req), query);
    const stream = await exportCsv(scope, params.table, query);
    const file = exportFileName(scope, params.table);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${file}"`);
    res.setHeader('cache-control', 'no-store');
    return { status: 200, body: endDownloadOnFailure(stream, req as unknown as Request, res, file) };
  },
  // every member reads the setting their league tables use; changing it is declared 'analytics:settings' (admins)
  getSettings: async ({ req }) => ({
    status: 200,
    body: { minSample: await minSampleOf(memberOf(req).businessId) },
  }),
  updateSettings: async ({ body, req }) => {
    const access = memberOf(req);
    const before = await minSampleOf(access.businessId);
    const minSample = await setMinSample(access.businessId, body.minSample);
    if (minSample !== before) {
      await recordAudit(access, {
        kind: 'settings',
        action: 'analytics.settings.update',
        summary: `League tables rank after ${minSample} ratings (was ${before})`,
        before: { minSample: before },
        after: { minSample },
      });
    }
    return { status: 200, body: { minSample } };
  },
});
