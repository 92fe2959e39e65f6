// /api/v1/team handlers: members, invitations (invite, resend, revoke, preview, accept, sign up), roles, ownership.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { userIdOf } from '../../lib/auth';
import { byIp, rateLimit } from '../../lib/rate-limit';
import { accessOf } from '../../tenancy/access';
import { passwordRecheckLimit } from '../users/account-limit';
import { accept, preview, signupWithInvitation } from './invitation-links.service';
import { invite, resend, revoke } from './invitations.service';
import { listTeam, memberLinks, removeMember, transferOwnership, updateMember } from './team.service';

const s = initServer();
const HOUR = 60 * 60 * 1000;
const signupLimit = rateLimit({
  name: 'invitation-signup-ip',
  windowMs: HOUR,
  limit: 20,
  key: byIp,
  message: 'Too many sign-up attempts. Please try again later.',
});

export const teamRouter = s.router(contract.team, {
  members: async ({ req }) => ({ status: 200, body: await listTeam(accessOf(req)) }),
  invite: async ({ req, body }) => {
    const invitation = await invite(accessOf(req), body);
    return { status: 201, body: { message: `Invitation sent to ${invitation.email}`, invitation } };
  },
  resendInvitation: async ({ req, params }) => {
    const invitation = await resend(accessOf(req), params.id);
    return { status: 200, body: { message: `Invitation sent again to ${invitation.email}`, invitation } };
  },
  revokeInvitation: async ({ req, params }) => {
    await revoke(accessOf(req), params.id);
    return { status: 200, body: { message: 'Invitation revoked: its link no longer works' } };
  },
  previewInvitation: async ({ query }) => ({ status: 200, body: await preview(query.token) }),
  acceptInvitation: async ({ req, body }) => ({ status: 200, body: await accept(userIdOf(req), body.token) }),
  signupWithInvitation: {
    middleware: [signupLimit],
    handler: async ({ body }) => ({ status: 201, body: await signupWithInvitation(body) }),
  },
  updateMember: async ({ req, params, body }) => {
    const member = await updateMember(accessOf(req), params.userId, body);
    return { status: 200, body: { message: `${member.fullname}'s access was updated`, member } };
  },
  memberLinks: async ({ req, params, query }) => ({
    status: 200,
    body: { links: await memberLinks(accessOf(req), params.userId, query) },
  }),
  removeMember: async ({ req, params, body }) => ({
    status: 200,
    body: { message: await removeMember(accessOf(req), params.userId, body.keep) },
  }),
  // Wrong passwords here count with sign-in's for the account, so a session is no side door for guessing.
  transferOwnership: {
    middleware: [passwordRecheckLimit()],
    handler: async ({ req, body }) => ({
      status: 200,
      body: { message: await transferOwnership(accessOf(req), body) },
    }),
  },
});
