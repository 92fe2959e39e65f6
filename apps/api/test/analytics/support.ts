// Shared by the rollup repair tests: an anonymous experience rating submitted at a chosen instant.
import { randomUUID } from 'node:crypto';
import { submitRating } from '../../src/modules/feedback/feedback.service';
import type { Access } from '../../src/tenancy/access';
import { newDeviceId } from '../helpers/devices';

const who = { ip: '203.0.113.9', userAgent: 'Test' };

/** An experience rating of the store given at `at` (ISO instant), through the real submit path. */
export const rateExperience = (store: { _id: unknown }, score: number, at: string) =>
  submitRating(
    {
      kind: 'experience',
      store: String(store._id),
      score,
      idempotencyKey: randomUUID(),
      deviceId: newDeviceId(),
    },
    who,
    new Date(at),
  );

/** The founder's access to their own business (the business id is their id), as the access guard would resolve it. */
export const ownerAccess = (business: string): Access => ({
  userId: business,
  businessId: business,
  role: 'owner',
  storeIds: null,
});
