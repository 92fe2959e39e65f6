// The root /api/v1 router: every resource contract combined once, so no path string is written twice.

export * from './access';
export * from './analytics.contract';
export * from './area-settings';
export * from './areas.contract';
export * from './audit.contract';
export * from './boards.contract';
export * from './brand.contract';
export * from './brand.schemas';
export * from './case-loop.contract';
export * from './cases.contract';
export * from './privacy.contract';
export * from './anonymous.contract';
export * from './common';
export * from './feedback.contract';
export * from './feedback-chips.contract';
export * from './files.contract';
export * from './health.contract';
export * from './integrations.contract';
export * from './alerts.contract';
export * from './kiosks.contract';
export * from './plans.contract';
export * from './notifications.contract';
export * from './onboarding.contract';
export * from './rating-review.contract';
export * from './reports.contract';
export * from './rota.contract';
export * from './rota-import.schemas';
export * from './scorecards.contract';
export * from './staff.contract';
export * from './stores.contract';
export * from './store-import.schemas';
export * from './store-bulk.contract';
export * from './targets.contract';
export * from './team.contract';
export * from './themes.contract';
export * from './users.contract';
export * from './webhooks.schemas';
import { coreContract, type TCoreContract } from './router.core';
import { growthContract, type TGrowthContract } from './router.growth';

/**
 * The root /api/v1 router, every resource combined once. It is built in two halves because one ts-rest router of
 * every resource overflows TypeScript's declaration emitter (TS7056); the halves share the prefix and common
 * responses, and their keys never overlap.
 */
export const contract: TCoreContract & TGrowthContract = { ...coreContract, ...growthContract };

export type TContract = typeof contract;
