// /api/v1/audit handlers (being built: the log and its CSV).
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { notFound } from '../../lib/errors';

const s = initServer();
const pending = async () => {
  throw notFound('Route');
};

export const auditRouter = s.router(contract.audit, { list: pending, exportCsv: pending });
