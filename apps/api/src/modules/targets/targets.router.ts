// /api/v1/targets handlers: identity in, the targets service, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { listTargets, setTarget } from './targets.service';

const s = initServer();

export const targetsRouter = s.router(contract.targets, {
  list: async ({ req, query }) => ({ status: 200, body: await listTargets(accessOf(req), query.node) }),
  set: async ({ req, body }) => ({ status: 200, body: await setTarget(accessOf(req), body) }),
});
