// /api/v1/staff handlers: identity in, service call, status out.
import { initServer } from '@ts-rest/express';
import { contract } from '@cx/contracts';
import { accessOf } from '../../tenancy/access';
import { imageUpload } from '../../lib/files';
import * as staff from './staff.service';

const s = initServer();

export const staffRouter = s.router(contract.staff, {
  list: async ({ req, query }) => ({
    status: 200,
    body: { staff: await staff.listStaff(accessOf(req), query) },
  }),

  get: async ({ req, params }) => ({
    status: 200,
    body: { staff: await staff.getStaff(accessOf(req), params.id) },
  }),

  create: async ({ req, body }) => {
    const member = await staff.createStaff(accessOf(req), body);
    return { status: 201, body: { message: `${member.name} added`, staff: member } };
  },

  update: async ({ req, params, body }) => {
    const member = await staff.updateStaff(accessOf(req), params.id, body);
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
    body: await staff.deleteStaff(accessOf(req), params.id),
  }),

  uploadPhoto: {
    middleware: [imageUpload('image')],
    handler: async ({ req, params, file }) => {
      const member = await staff.setStaffPhoto(
        accessOf(req),
        params.id,
        file as { buffer: Buffer } | undefined,
      );
      return { status: 200, body: { message: 'Photo updated', staff: member } };
    },
  },

  removePhoto: async ({ req, params }) => {
    const member = await staff.removeStaffPhoto(accessOf(req), params.id);
    return { status: 200, body: { message: 'Photo removed', staff: member } };
  },
});
