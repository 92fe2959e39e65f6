// Command registry and dispatch: routes a command document to its handler and turns every failure into an {ok:0} reply.
import { ErrorCodes, MongoCommandError, fail, toMongoError } from '../errors';
import type { Doc } from '../errors';
import { adminCommands } from './admin';
import type { CommandContext, Handler } from './context';
import { findAndModifyCommands } from './find-and-modify';
import { handshakeCommands } from './handshake';
import { readCommands } from './read';
import { writeCommands } from './write';

// keys are lower-cased: mongod accepts isMaster/ismaster, findAndModify/findandmodify, …
const HANDLERS: Record<string, Handler> = {
  ...handshakeCommands,
  ...readCommands,
  ...writeCommands,
  ...findAndModifyCommands,
  ...adminCommands,
  deleteindexes: adminCommands.dropindexes as Handler,
};

const TXN_MESSAGE = 'Transaction numbers are only allowed on a replica set member or mongos';

/** A standalone mongod rejects anything transactional (and retryable-write txnNumbers) with IllegalOperation. */
function rejectTransactions(name: string, body: Doc): void {
  const lower = name.toLowerCase();
  if (
    lower === 'committransaction' ||
    lower === 'aborttransaction' ||
    body.startTransaction !== undefined ||
    body.autocommit === false ||
    body.txnNumber !== undefined
  ) {
    fail(ErrorCodes.IllegalOperation, TXN_MESSAGE);
  }
}

export function runCommand(body: Doc, ctx: CommandContext): Doc {
  const name = Object.keys(body)[0] ?? '';
  const handler = HANDLERS[name.toLowerCase()];
  ctx.engine.counters.record(name, body, handler !== undefined);
  try {
    if (!name) fail(ErrorCodes.CommandNotFound, 'no such command: ""');
    rejectTransactions(name, body);
    if (!handler) throw new MongoCommandError(ErrorCodes.CommandNotFound, `no such command: '${name}'`);
    const reply = handler(body, ctx);
    if (reply.ok === undefined) reply.ok = 1;
    return reply;
  } catch (err) {
    ctx.engine.counters.failed(name, handler !== undefined);
    return toMongoError(err).toReply();
  }
}

export const supportedCommands = (): string[] => Object.keys(HANDLERS).sort();
