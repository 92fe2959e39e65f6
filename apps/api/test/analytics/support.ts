// Shared by the analytics tests: an anonymous experience rating submitted at a chosen instant, a small rated chain.
import { randomUUID } from 'node:crypto';
import { submitRating } from '../../src/modules/feedback/feedback.service';
import type { Access } from '../../src/tenancy/access';
import { makeStore, makeUser } from '../factories';
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

/** A London owner with stores Alpha, Bravo and Charlie rated yesterday: 1×5★, 2×4★ and 3×1★. */
export async function ratedChain() {
  const owner = await makeUser({ timeZone: 'Europe/London' });
  const [a, b, c] = [
    await makeStore(owner.id, { name: 'Alpha', timeZone: 'Europe/London' }),
    await makeStore(owner.id, { name: 'Bravo', timeZone: 'Europe/London' }),
    await makeStore(owner.id, { name: 'Charlie', timeZone: 'Europe/London' }),
  ];
  const yesterday = new Date(Date.now() - 24 * 3600000);
  const at = (min: number) => new Date(yesterday.getTime() + min * 60000).toISOString();
  await rateExperience(a, 5, at(0));
  await rateExperience(b, 4, at(1));
  await rateExperience(b, 4, at(2));
  for (const m of [3, 4, 5]) await rateExperience(c, 1, at(m));
  return { owner, a, b, c };
}
