// /cases and /analytics/cases: thin handlers over the case services (every case goes out through presentCaseDetail).
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import type { Request } from 'express';
import { accessOf } from '../../tenancy/access';
import { findCaseInScope } from './case-access';
import { listCases } from './case-list';
import { openCaseByHand } from './case-manual';
import { caseMetrics } from './case-metrics';
import { presentCaseDetail } from './case-present';
import { caseSettingsOf, putCaseSettings } from './case-settings';
import { addCaseNote, updateCase } from './case-update';

const s = initServer();

export const casesRouter = s.router(contract.cases, {
  getSettings: async ({ req }) => ({ status: 200, body: await caseSettingsOf(accessOf(req).businessId) }),
  putSettings: async ({ req, body }) => ({ status: 200, body: await putCaseSettings(accessOf(req), body) }),
  list: async ({ req, query }) => ({
    status: 200,
    body: await listCases(accessOf(req as unknown as Request), query),
  }),
  get: async ({ req, params }) => {
    const access = accessOf(req);
    return { status: 200, body: await presentCaseDetail(await findCaseInScope(access, params.id), access) };
  },
  open: async ({ req, body }) => {
    const access = accessOf(req);
    const { doc, created } = await openCaseByHand(access, body);
    const detail = await presentCaseDetail(doc, access);
    return created ? { status: 201, body: detail } : { status: 409, body: detail };
  },
  update: async ({ req, params, body }) => {
    const access = accessOf(req);
    return { status: 200, body: await presentCaseDetail(await updateCase(access, params.id, body), access) };
  },
  addNote: async ({ req, params, body }) => ({
    status: 201,
    body: await addCaseNote(accessOf(req), params.id, body.text),
  }),
  metrics: async ({ req, query }) => ({
    status: 200,
    body: await caseMetrics(accessOf(req as unknown as Request), query),
  }),
});
