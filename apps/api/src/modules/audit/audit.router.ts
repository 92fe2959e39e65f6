// /api/v1/audit handlers: the log page and its streamed CSV (read-only: no route edits or deletes an entry).
import type { Request } from 'express';
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { endDownloadOnFailure } from '../analytics/analytics.router';
import { auditFileName, exportAuditCsv, listAudit } from './audit.service';

const s = initServer();

export const auditRouter = s.router(contract.audit, {
  list: async ({ req, query }) => ({
    status: 200,
    body: await listAudit(accessOf(req as unknown as Request), query),
  }),
  exportCsv: async ({ req, res, query }) => {
    const file = auditFileName(query);
    const stream = exportAuditCsv(accessOf(req as unknown as Request), query);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${file}"`);
    res.setHeader('cache-control', 'no-store');
    return { status: 200, body: endDownloadOnFailure(stream, req as unknown as Request, res, file) };
  },
});
