// TCP server speaking the MongoDB wire protocol: one FrameReader per socket, synchronous command execution, ordered replies.
import net from 'node:net';
import type { CommandContext } from './commands/context';
import { runCommand } from './commands';
import type { EngineOptions } from './engine';
import { Engine } from './engine';
import { ErrorCodes } from './errors';
import type { Doc } from './errors';
import { FrameReader, ProtocolError, encodeMsg, encodeReply, parseMessage } from './wire';

export interface OfflineEngineOptions extends EngineOptions {
  /** 0 = random free port */
  port?: number;
  host?: string;
}

export interface OfflineEngine {
  /** `mongodb://host:port/` — no database name; callers append one. */
  uri: string;
  port: number;
  stop(): Promise<void>;
  /** In-process access for tests (TTL sweeps, introspection). Not needed by normal callers. */
  engine: Engine;
}

/** A reply that cannot be serialised (e.g. > 16 MB) becomes an error reply instead of a dropped connection. */
function encodeSafely(requestId: number, reply: Doc): Buffer {
  try {
    return encodeMsg(requestId, reply);
  } catch (err) {
    const errmsg = `reply could not be encoded: ${err instanceof Error ? err.message : String(err)}`;
    return encodeMsg(requestId, { ok: 0, errmsg, code: 10334, codeName: 'BSONObjectTooLarge' });
  }
}

function dbOf(body: Doc): string {
  return typeof body.$db === 'string' ? body.$db : 'admin';
}

export async function startOfflineEngine(opts: OfflineEngineOptions = {}): Promise<OfflineEngine> {
  const engine = new Engine(opts);
  const sockets = new Set<net.Socket>();
  let nextConnectionId = 1;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const reader = new FrameReader();
    const connectionId = nextConnectionId++;
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) {
          const req = parseMessage(frame);
          if (req.kind === 'query') {
            // legacy OP_QUERY is only honoured for commands ("<db>.$cmd"), chiefly the initial hello handshake
            const db = req.collection.split('.')[0] ?? 'admin';
            const reply = req.collection.endsWith('.$cmd')
              ? runCommand(req.body, { engine, db, connectionId })
              : {
                  ok: 0,
                  errmsg: 'OP_QUERY is no longer supported except for commands',
                  code: ErrorCodes.UnsupportedOpQueryCommand,
                  codeName: 'UnsupportedOpQueryCommand',
                };
            socket.write(encodeReply(req.requestId, reply));
            continue;
          }
          const ctx: CommandContext = { engine, db: dbOf(req.body), connectionId };
          const reply = runCommand(req.body, ctx);
          // moreToCome = fire-and-forget (w:0); the client is not reading a reply
          if (!req.moreToCome) socket.write(encodeSafely(req.requestId, reply));
        }
      } catch (err) {
        // framing errors leave the stream unsynchronised; mongod closes the connection too
        if (!(err instanceof ProtocolError)) console.error('[local-mongo] connection error', err);
        socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://${host}:${port}/`,
    port,
    engine,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        engine.close();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
      return stopped;
    },
  };
}
