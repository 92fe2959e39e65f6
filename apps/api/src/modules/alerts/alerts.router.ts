// /api/v1/alerts handlers: channels (owner/admin), acknowledging in the app and by the signed link.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { acknowledgeByLink, acknowledgeInApp } from './acknowledge';
import * as channels from './channels.service';

const s = initServer();

export const alertsRouter = s.router(contract.alerts, {
  listChannels: async ({ req }) => ({
    status: 200,
    body: { channels: await channels.listChannels(accessOf(req)) },
  }),
  channelOptions: async ({ req }) => ({
    status: 200,
    body: { channels: await channels.channelOptions(accessOf(req)) },
  }),
  createChannel: async ({ req, body }) => ({
    status: 201,
    body: { message: 'Channel connected', channel: await channels.createChannel(accessOf(req), body) },
  }),
  deleteChannel: async ({ req, params }) => {
    await channels.deleteChannel(accessOf(req), params.id);
    return { status: 200, body: { message: 'Channel removed' } };
  },
  testChannel: async ({ req, params }) => {
    await channels.testChannel(accessOf(req), params.id);
    return { status: 202, body: { message: 'Test message queued: it arrives within a minute' } };
  },
  acknowledge: async ({ req, params }) => ({
    status: 200,
    body: await acknowledgeInApp(accessOf(req), params.id),
  }),
  acknowledgeByLink: async ({ body }) => ({ status: 200, body: await acknowledgeByLink(body.token) }),
});
