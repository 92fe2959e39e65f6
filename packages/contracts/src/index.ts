// The root /api/v1 router: every resource contract combined once, so no path string is written twice.
import { initContract } from '@ts-rest/core';
import { commonResponses } from './common';
import { filesContract } from './files.contract';
import { healthContract } from './health.contract';
import { usersContract } from './users.contract';

export * from './common';
export * from './files.contract';
export * from './health.contract';
export * from './users.contract';

const c = initContract();

export const contract = c.router(
  {
    health: healthContract,
    files: filesContract,
    users: usersContract,
  },
  { pathPrefix: '/api/v1', commonResponses, strictStatusCodes: true },
);

export type TContract = typeof contract;
