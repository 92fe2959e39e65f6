// /api/v1/privacy handlers: the data-subject request tool (Owner/Admin): export and erase one email's or phone's data.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { eraseSubject, exportSubject } from './privacy.service';

const s = initServer();

export const privacyRouter = s.router(contract.privacy, {
  exportSubject: async ({ req, body }) => ({ status: 200, body: await exportSubject(accessOf(req), body) }),
  eraseSubject: async ({ req, body }) => ({ status: 200, body: await eraseSubject(accessOf(req), body) }),
});
