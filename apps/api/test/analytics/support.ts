// Shared by the rollup repair tests: an anonymous experience rating submitted at a chosen instant.
import { randomUUID } from 'node:crypto';
import { submitRating } from '../../src/modules/feedback/feedback.service';

const who = { ip: '203.0.113.9', userAgent: 'Test' };

/** An experience rating of the store given at `at` (ISO instant), through the real submit path. */
export const rateExperience = (store: { _id: unknown }, score: number, at: string) =>
  submitRating(
    {
      kind: 'experience',
      store: String(store._id),
      score,
      idempotencyKey: randomUUID(),
      deviceId: randomUUID(),
    },
    who,
    new Date(at),
  );
