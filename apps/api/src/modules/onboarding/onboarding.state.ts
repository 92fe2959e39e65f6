// The onboarding marks other modules set: sign-up starts it, a poster or QR download ticks "print posters".
import type { Types } from 'mongoose';
import { logger } from '../../lib/logger';
import { BusinessModel } from '../../tenancy/business.model';

/** Only businesses founded by sign-up get the first-run step and checklist (older and seeded ones are set up). */
export async function startOnboarding(business: Types.ObjectId, now: Date): Promise<void> {
  await BusinessModel.updateOne(
    { _id: business, 'onboarding.startedAt': null },
    { $set: { 'onboarding.startedAt': now } },
  );
}

/** The first download counts; later ones write nothing. A failure is logged, never turned into a failed download. */
export async function markPostersPrinted(business: string, now = new Date()): Promise<void> {
  try {
    await BusinessModel.updateOne(
      { _id: business, 'onboarding.postersAt': null },
      { $set: { 'onboarding.postersAt': now } },
    );
  } catch (err) {
    logger.error({ err, business }, 'poster download not recorded for the setup checklist');
  }
}
