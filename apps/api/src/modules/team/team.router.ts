// /api/v1/team handlers (being built: members, invitations, roles, ownership).
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { notFound } from '../../lib/errors';

const s = initServer();
const pending = async () => {
  throw notFound('Route');
};

export const teamRouter = s.router(contract.team, {
  members: pending,
  invite: pending,
  resendInvitation: pending,
  revokeInvitation: pending,
  previewInvitation: pending,
  acceptInvitation: pending,
  signupWithInvitation: pending,
  updateMember: pending,
  removeMember: pending,
  transferOwnership: pending,
});
