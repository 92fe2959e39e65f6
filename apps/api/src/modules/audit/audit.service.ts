// Reading the audit log: newest first with an _id cursor, filters (person, store, kind, UTC days) and a streamed CSV.
import { Readable } from 'node:stream';
import { Types } from 'mongoose';
import type { TAuditEntry, TAuditFilter, TRole, TAuditKind } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { AuditModel, type AuditDoc } from '../../tenancy/audit.model';
import { csvCell } from '../analytics/export.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A CSV holds at most this many entries; the file says when it was cut. */
export const MAX_AUDIT_EXPORT_ROWS = 100_000;

function filterOf(access: Access, f: TAuditFilter): Record<string, unknown> {
  const filter: Record<string, unknown> = { business: new Types.ObjectId(access.businessId) };
  if (f.actor) filter.actor = new Types.ObjectId(f.actor);
  if (f.store) filter.store = new Types.ObjectId(f.store);
  if (f.kind) filter.kind = f.kind;
  const at: Record<string, Date> = {};
  if (f.from) at.$gte = new Date(`${f.from}T00:00:00.000Z`);
  if (f.to) at.$lt = new Date(new Date(`${f.to}T00:00:00.000Z`).getTime() + DAY_MS);
  if (Object.keys(at).length) filter.at = at;
  return filter;
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export function entryDto(e: AuditDoc): TAuditEntry {
  return {
    _id: String(e._id),
    at: e.at.toISOString(),
    actor: { _id: String(e.actor), fullname: e.actorName, role: e.actorRole as TRole },
    kind: e.kind as TAuditKind,
    action: e.action,
    summary: e.summary,
    store: e.store ? { _id: String(e.store), name: e.storeName ?? '' } : null,
    before: asRecord(e.before),
    after: asRecord(e.after),
  };
}

export async function listAudit(
  access: Access,
  q: TAuditFilter & { cursor?: string; limit: number },
): Promise<{ entries: TAuditEntry[]; nextCursor: string | null }> {
  const filter = filterOf(access, q);
  if (q.cursor) filter._id = { $lt: new Types.ObjectId(q.cursor) };
  const docs = await AuditModel.find(filter)
    .sort({ _id: -1 })
    .limit(q.limit + 1)
    .lean<AuditDoc[]>();
  const page = docs.slice(0, q.limit);
  return {
    entries: page.map(entryDto),
    nextCursor: docs.length > q.limit ? String(page[page.length - 1]!._id) : null,
  };
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
const json = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length ? JSON.stringify(v) : '');

async function* auditCsv(filter: Record<string, unknown>): AsyncGenerator<string> {
  yield line(['When (UTC)', 'Person', 'Role', 'Kind', 'Action', 'Store', 'Summary', 'Before', 'After']);
  let rows = 0;
  const cursor = AuditModel.find(filter)
    .sort({ _id: -1 })
    .limit(MAX_AUDIT_EXPORT_ROWS)
    .lean<AuditDoc[]>()
    .cursor();
  try {
    for await (const e of cursor as AsyncIterable<AuditDoc>) {
      rows += 1;
      yield line([
        e.at.toISOString(),
        e.actorName,
        e.actorRole,
        e.kind,
        e.action,
        e.storeName ?? '',
        e.summary,
        json(e.before),
        json(e.after),
      ]);
    }
  } finally {
    await cursor.close();
  }
  if (rows >= MAX_AUDIT_EXPORT_ROWS)
    yield line([`Cut at ${MAX_AUDIT_EXPORT_ROWS} entries: choose a shorter period`]);
}

export function exportAuditCsv(access: Access, f: TAuditFilter): Readable {
  return Readable.from(auditCsv(filterOf(access, f)));
}

export function auditFileName(f: TAuditFilter): string {
  return `cx-audit-${f.from ?? 'start'}_${f.to ?? 'now'}.csv`;
}
