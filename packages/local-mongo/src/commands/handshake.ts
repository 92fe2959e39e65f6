// Connection-level commands: hello/isMaster handshake, ping, buildInfo, serverStatus counters and sessions.
import { MAX_BSON_SIZE, MAX_MESSAGE_SIZE } from '../wire';
import type { Doc } from '../errors';
import type { CommandContext, Handler } from './context';

export const VERSION = '7.0.0-offline';

function cpuTimes(): Doc {
  const { user, system } = process.cpuUsage();
  return { user_time_us: user, system_time_us: system };
}

function hello(legacy: boolean): Handler {
  return (body: Doc, ctx: CommandContext) => ({
    ...(body.helloOk ? { helloOk: true } : {}),
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    maxBsonObjectSize: MAX_BSON_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    // 21 = MongoDB 7.0; the mongodb 7 driver refuses servers below wire version 8
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  });
}

export const handshakeCommands: Record<string, Handler> = {
  hello: hello(false),
  ismaster: hello(true),
  ping: () => ({ ok: 1 }),
  buildinfo: () => ({
    version: VERSION,
    gitVersion: 'offline-engine',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_SIZE,
    storageEngines: ['offline'],
    modules: [],
    ok: 1,
  }),
  getparameter: (body) => {
    const out: Doc = { ok: 1 };
    const wantsAll =
      body.getParameter === '*' || (typeof body.getParameter === 'object' && body.getParameter !== null);
    if (wantsAll || body.featureCompatibilityVersion !== undefined)
      out.featureCompatibilityVersion = { version: '7.0' };
    return out;
  },
  endsessions: () => ({ ok: 1 }),
  refreshsessions: () => ({ ok: 1 }),
  killallsessions: () => ({ ok: 1 }),
  whatsmyuri: () => ({ you: '127.0.0.1:0', ok: 1 }),
  connectionstatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  serverstatus: (_body, ctx) => ({
    host: 'offline-engine',
    version: VERSION,
    process: 'mongod',
    pid: process.pid,
    uptime: Math.floor((Date.now() - ctx.engine.startedAt) / 1000),
    uptimeMillis: Date.now() - ctx.engine.startedAt,
    localTime: new Date(),
    opcounters: { ...ctx.engine.counters.opcounters },
    metrics: { commands: ctx.engine.counters.metricsCommands() },
    // mongod's Linux fields: the server's own CPU time, so a bench can bill it per request
    extra_info: { note: 'fields vary by platform', ...cpuTimes() },
    ok: 1,
  }),
  hostinfo: () => ({ system: { hostname: 'offline-engine' }, os: { type: process.platform }, ok: 1 }),
};
