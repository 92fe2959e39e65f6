// /api/v1/staff handlers: identity in, service call, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { userIdOf } from '../../lib/auth';
import { imageUpload } from '../../lib/files';
import * as staff from './staff.service';

const s = initServer();

export const staffRouter = s.router(contract.staff, {
  list: async ({ req, query }) => ({
    status: 200,
    body: { staff: await staff.listStaff(userIdOf(req), query) },
  }),

  get: async ({ req, params }) => ({
    status: 200,
    body: { staff: await staff.getStaff(userIdOf(req), params.id) },
  }),

  create: async ({ req, body }) => {
    const member = await staff.createStaff(userIdOf(req), body);
    return { status: 201, body: { message: `${member.name} added`, staff: member } };
  },

  update: async ({ req, params, body }) => {
    const member = await staff.updateStaff(userIdOf(req), params.id, body);
    const message =
      body.active === false
        ? `${member.name} deactivated`
        : body.active === true
          ? `${member.name} reactivated`
          : `${member.name} updated`;
    return { status: 200, body: { message, staff: member } };
  },

  remove: async ({ req, params }) => ({
    status: 200,
    body: await staff.deleteStaff(userIdOf(req), params.id),
  }),

  uploadPhoto: {
    middleware: [imageUpload('image')],
    handler: async ({ req, params, file }) => {
      const member = await staff.setStaffPhoto(
        userIdOf(req),
        params.id,
        file as { buffer: Buffer } | undefined,
      );
      return { status: 200, body: { message: 'Photo updated', staff: member } };
    },
  },

  removePhoto: async ({ req, params }) => {
    const member = await staff.removeStaffPhoto(userIdOf(req), params.id);
    return { status: 200, body: { message: 'Photo removed', staff: member } };
  },
});
