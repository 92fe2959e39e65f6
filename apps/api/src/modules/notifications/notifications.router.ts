// /api/v1/notifications handlers: identity in, service call, status out.
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { listNotifications, markAllRead } from './notifications.service';
import * as rules from './rules.service';

const s = initServer();
/** Routes with a coerced query hand a request whose typed query no longer matches Express's. */
const memberOf = (req: unknown) => accessOf(req as Request);

export const notificationsRouter = s.router(contract.notifications, {
  list: async ({ req, query }) => ({
    status: 200,
    body: await listNotifications(memberOf(req), query.page, query.limit),
  }),

  markRead: async ({ req }) => {
    const updated = await markAllRead(memberOf(req));
    return { status: 200, body: { message: 'All notifications marked as read', updated } };
  },

  listRules: async ({ req }) => ({ status: 200, body: { data: await rules.listRules(memberOf(req)) } }),

  createRule: async ({ req, body }) => {
    const rule = await rules.createRule(memberOf(req), body);
    return { status: 201, body: { message: 'Rule added', rule } };
  },

  updateRule: async ({ req, params, body }) => {
    const rule = await rules.updateRule(memberOf(req), params.id, body);
    return { status: 200, body: { message: 'Rule saved', rule } };
  },

  deleteRule: async ({ req, params }) => {
    await rules.deleteRule(memberOf(req), params.id);
    return { status: 200, body: { message: 'Rule removed' } };
  },

  getSettings: async ({ req }) => ({ status: 200, body: await rules.getSettings(memberOf(req)) }),

  updateSettings: async ({ req, body }) => {
    const settings = await rules.updateSettings(memberOf(req), body);
    return { status: 200, body: { message: 'Settings saved', settings } };
  },
});
