// Wire-protocol framing: reassembles TCP chunks into messages, decodes OP_MSG / OP_QUERY, encodes OP_MSG / OP_REPLY.
import { deserialize, serialize } from 'bson';
import type { Doc } from './errors';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

export const MAX_MESSAGE_SIZE = 48_000_000;
export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const FLAG_CHECKSUM = 1 << 0;
const FLAG_MORE_TO_COME = 1 << 1;

export interface MsgRequest {
  kind: 'msg';
  requestId: number;
  body: Doc;
  moreToCome: boolean;
}

export interface QueryRequest {
  kind: 'query';
  requestId: number;
  collection: string;
  body: Doc;
}

export type Request = MsgRequest | QueryRequest;

export class ProtocolError extends Error {}

// Longs stay Long so int64 fields ($inc of NumberLong, cursor ids) keep their type through the engine.
const DESERIALIZE_OPTS = { promoteLongs: false, promoteValues: true, promoteBuffers: false } as const;
const SERIALIZE_OPTS = { ignoreUndefined: true, checkKeys: false } as const;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32C (Castagnoli), the checksum OP_MSG uses when checksumPresent is set. */
export function crc32c(buf: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < buf.length; i++)
    crc = (CRC_TABLE[(crc ^ (buf[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Accumulates socket chunks; yields each complete message (a message may span chunks, a chunk may hold several). */
export class FrameReader {
  private chunks: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const frames: Buffer[] = [];
    while (this.length >= 4) {
      const head = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : this.flatten();
      const size = head.readInt32LE(0);
      if (size < 16 || size > MAX_MESSAGE_SIZE) throw new ProtocolError(`invalid message length ${size}`);
      if (this.length < size) break;
      const all = this.flatten();
      frames.push(all.subarray(0, size));
      const rest = all.subarray(size);
      this.chunks = rest.length ? [rest] : [];
      this.length = rest.length;
    }
    return frames;
  }

  private flatten(): Buffer {
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return this.chunks[0] as Buffer;
  }
}

function readCString(buf: Buffer, offset: number): [string, number] {
  const end = buf.indexOf(0, offset);
  if (end < 0) throw new ProtocolError('unterminated cstring');
  return [buf.toString('utf8', offset, end), end + 1];
}

function readDoc(buf: Buffer, offset: number): [Doc, number] {
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > buf.length) throw new ProtocolError('invalid BSON document length');
  return [deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTS) as Doc, offset + size];
}

export function parseMessage(frame: Buffer): Request {
  const requestId = frame.readInt32LE(4);
  const opCode = frame.readInt32LE(12);
  if (opCode === OP_MSG) {
    const flags = frame.readUInt32LE(16);
    let end = frame.length;
    if (flags & FLAG_CHECKSUM) {
      end -= 4;
      const expected = frame.readUInt32LE(end);
      if (crc32c(frame.subarray(0, end)) !== expected) throw new ProtocolError('OP_MSG checksum mismatch');
    }
    let offset = 20;
    let body: Doc | undefined;
    const sequences: Array<[string, Doc[]]> = [];
    while (offset < end) {
      const kind = frame.readUInt8(offset++);
      if (kind === 0) {
        [body, offset] = readDoc(frame, offset);
      } else if (kind === 1) {
        const sectionEnd = offset + frame.readInt32LE(offset);
        const [id, start] = readCString(frame, offset + 4);
        let p = start;
        const docs: Doc[] = [];
        while (p < sectionEnd) {
          let d: Doc;
          [d, p] = readDoc(frame, p);
          docs.push(d);
        }
        sequences.push([id, docs]);
        offset = sectionEnd;
      } else {
        throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!body) throw new ProtocolError('OP_MSG without body section');
    // document sequences are semantically the same as an array field in the body
    for (const [id, docs] of sequences) body[id] = docs;
    return { kind: 'msg', requestId, body, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0 };
  }
  if (opCode === OP_QUERY) {
    const [collection, p] = readCString(frame, 20);
    let [query] = readDoc(frame, p + 8);
    // legacy drivers wrap the command as {$query: {...}, $readPreference: ...}
    if (query.$query && typeof query.$query === 'object') query = query.$query as Doc;
    return { kind: 'query', requestId, collection, body: query };
  }
  if (opCode === OP_COMPRESSED)
    throw new ProtocolError('OP_COMPRESSED is not supported (no compressors are advertised)');
  throw new ProtocolError(`unsupported opCode ${opCode}`);
}

let nextRequestId = 1;

function header(size: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(size, 0);
  h.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export function encodeMsg(responseTo: number, doc: Doc): Buffer {
  const body = serialize(doc, SERIALIZE_OPTS);
  const size = 16 + 4 + 1 + body.length;
  const flags = Buffer.alloc(5);
  return Buffer.concat([header(size, responseTo, OP_MSG), flags, body], size);
}

export function encodeReply(responseTo: number, doc: Doc): Buffer {
  const body = serialize(doc, SERIALIZE_OPTS);
  const fixed = Buffer.alloc(20);
  fixed.writeInt32LE(0, 0); // responseFlags
  fixed.writeBigInt64LE(0n, 4); // cursorID
  fixed.writeInt32LE(0, 12); // startingFrom
  fixed.writeInt32LE(1, 16); // numberReturned
  const size = 16 + 20 + body.length;
  return Buffer.concat([header(size, responseTo, OP_REPLY), fixed, body], size);
}
