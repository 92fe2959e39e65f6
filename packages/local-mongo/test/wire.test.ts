// Raw wire-protocol tests: OP_MSG sections, checksums, moreToCome, legacy OP_QUERY handshake and TCP chunking.
import { deserialize, serialize } from 'bson';
import type { Document } from 'bson';
import net from 'node:net';
import type { OfflineEngine } from '../src/server';
import { startOfflineEngine } from '../src/server';
import { crc32c } from '../src/wire';

let engine: OfflineEngine;
beforeAll(async () => {
  engine = await startOfflineEngine({ port: 0 });
});
afterAll(async () => {
  await engine.stop();
});

let reqId = 100;

function header(size: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(size, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(
  body: Document,
  opts: {
    seq?: [string, Document[]];
    checksum?: boolean;
    badChecksum?: boolean;
    moreToCome?: boolean;
    id?: number;
  } = {},
): Buffer {
  const flags = (opts.checksum ? 1 : 0) | (opts.moreToCome ? 2 : 0);
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  if (opts.seq) {
    const [name, docs] = opts.seq;
    const payload = Buffer.concat([Buffer.from(`${name}\0`), ...docs.map((d) => Buffer.from(serialize(d)))]);
    const len = Buffer.alloc(4);
    len.writeInt32LE(payload.length + 4, 0);
    parts.push(Buffer.from([1]), len, payload);
  }
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags, 0);
  const size = 16 + 4 + parts.reduce((n, p) => n + p.length, 0) + (opts.checksum ? 4 : 0);
  const msg = Buffer.concat([header(size, opts.id ?? ++reqId, 2013), flagBuf, ...parts]);
  if (!opts.checksum) return msg;
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(opts.badChecksum ? (crc32c(msg) ^ 1) >>> 0 : crc32c(msg), 0);
  return Buffer.concat([msg, crc]);
}

function opQuery(collection: string, query: Document): Buffer {
  const name = Buffer.from(`${collection}\0`);
  const fixed = Buffer.alloc(12);
  fixed.writeInt32LE(0, 0);
  fixed.writeInt32LE(0, 4);
  fixed.writeInt32LE(-1, 8);
  const q = Buffer.from(serialize(query));
  const size = 16 + 4 + name.length + 8 + q.length;
  return Buffer.concat([header(size, ++reqId, 2004), fixed.subarray(0, 4), name, fixed.subarray(4), q]);
}

interface Reply {
  opCode: number;
  responseTo: number;
  doc: Document;
}

function parseReplies(buf: Buffer): Reply[] {
  const out: Reply[] = [];
  let off = 0;
  while (off + 16 <= buf.length) {
    const size = buf.readInt32LE(off);
    if (off + size > buf.length) break;
    const opCode = buf.readInt32LE(off + 12);
    const responseTo = buf.readInt32LE(off + 8);
    const bodyStart = opCode === 1 ? off + 36 : off + 21;
    out.push({ opCode, responseTo, doc: deserialize(buf.subarray(bodyStart, off + size)) });
    off += size;
  }
  return out;
}

/** Writes each chunk separately (with a pause so TCP cannot coalesce) and collects `expect` replies. */
function exchange(
  chunks: Buffer[],
  expectReplies: number,
  waitMs = 50,
): Promise<{ replies: Reply[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(engine.port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let closed = false;
    const finish = () => {
      sock.destroy();
      resolve({ replies: parseReplies(data), closed });
    };
    sock.on('data', (d) => {
      data = Buffer.concat([data, d]);
      if (parseReplies(data).length >= expectReplies) finish();
    });
    sock.on('close', () => {
      closed = true;
      finish();
    });
    sock.on('error', reject);
    sock.on('connect', async () => {
      for (const c of chunks) {
        sock.write(c);
        await new Promise((r) => setTimeout(r, 2));
      }
      if (expectReplies === 0) setTimeout(finish, waitMs);
    });
  });
}

test('crc32c matches the Castagnoli check value', () => {
  expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
});

test('legacy OP_QUERY isMaster on admin.$cmd is answered with OP_REPLY', async () => {
  const { replies } = await exchange([opQuery('admin.$cmd', { isMaster: 1, helloOk: true })], 1);
  const [r] = replies;
  expect(r?.opCode).toBe(1);
  expect(r?.doc.ismaster).toBe(true);
  expect(r?.doc.maxWireVersion).toBe(21);
  expect(r?.doc.minWireVersion).toBe(0);
  expect(r?.doc.helloOk).toBe(true);
});

test('OP_MSG hello reports the handshake fields the driver relies on', async () => {
  const { replies } = await exchange([opMsg({ hello: 1, $db: 'admin' })], 1);
  const doc = replies[0]?.doc ?? {};
  expect(replies[0]?.opCode).toBe(2013);
  expect(doc.isWritablePrimary).toBe(true);
  expect(doc.maxBsonObjectSize).toBe(16 * 1024 * 1024);
  expect(doc.maxMessageSizeBytes).toBe(48_000_000);
  expect(doc.maxWriteBatchSize).toBe(100_000);
  expect(doc.localTime).toBeInstanceOf(Date);
  expect(doc.logicalSessionTimeoutMinutes).toBe(30);
  expect(typeof doc.connectionId).toBe('number');
});

test('checksumPresent: a valid CRC is accepted, a corrupt one closes the connection', async () => {
  const ok = await exchange([opMsg({ ping: 1, $db: 'admin' }, { checksum: true })], 1);
  expect(ok.replies[0]?.doc.ok).toBe(1);
  const bad = await exchange([opMsg({ ping: 1, $db: 'admin' }, { checksum: true, badChecksum: true })], 1);
  expect(bad.replies).toHaveLength(0);
  expect(bad.closed).toBe(true);
});

test('kind-1 document sequences are merged into the command body', async () => {
  const { replies } = await exchange(
    [opMsg({ insert: 'seq', $db: 'wire' }, { seq: ['documents', [{ _id: 1 }, { _id: 2 }, { _id: 3 }]] })],
    1,
  );
  expect(replies[0]?.doc).toMatchObject({ n: 3, ok: 1 });
});

test('moreToCome requests get no reply but are executed', async () => {
  const pingId = 9001;
  const { replies } = await exchange(
    [
      opMsg(
        { insert: 'fire', documents: [{ _id: 'x' }], $db: 'wire', writeConcern: { w: 0 } },
        { moreToCome: true },
      ),
      opMsg({ count: 'fire', $db: 'wire' }, { id: pingId }),
    ],
    1,
  );
  expect(replies).toHaveLength(1);
  expect(replies[0]?.responseTo).toBe(pingId);
  expect(replies[0]?.doc.n).toBe(1);
});

test('a message split across many TCP chunks is reassembled', async () => {
  const msg = opMsg({ ping: 1, $db: 'admin' });
  const chunks = [...msg].map((b) => Buffer.from([b]));
  const { replies } = await exchange(chunks, 1);
  expect(replies[0]?.doc.ok).toBe(1);
});

test('several messages in one chunk all get replies, in order', async () => {
  const a = opMsg({ ping: 1, $db: 'admin' }, { id: 501 });
  const b = opMsg({ buildInfo: 1, $db: 'admin' }, { id: 502 });
  const c = opMsg({ nosuchcommand: 1, $db: 'admin' }, { id: 503 });
  const { replies } = await exchange([Buffer.concat([a, b, c])], 3);
  expect(replies.map((r) => r.responseTo)).toEqual([501, 502, 503]);
  expect(replies[1]?.doc.version).toBe('7.0.0-offline');
  expect(replies[2]?.doc).toMatchObject({ ok: 0, code: 59, codeName: 'CommandNotFound' });
});
