// Zod-free facts of the customer journey (tags, limits, public paths, image widths): the lean QR entry imports only this.
export const SOCIAL_NETWORKS = ['googleReview', 'facebook', 'instagram', 'tripadvisor', 'website'] as const;
export type TSocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Quick tags are stored as these canonical English labels (the demo seed uses the same); the web catalog translates them. */
export const STAFF_TAGS = ['Friendly', 'Helpful', 'Quick service', 'Knowledgeable'] as const;
export const EXPERIENCE_TAGS = [
  'Clean store',
  'Great value',
  'Quick service',
  'Friendly',
  'Easy to find things',
] as const;

export const RATING_COMMENT_MAX = 1000;

/** The public feedback endpoints' paths (below /api/v1), used by the contract and by the customer pages' outbox. */
export const FEEDBACK_PATHS = {
  getStore: '/feedback/stores/:storeId',
  recordVisit: '/feedback/visits',
  rateStaff: '/feedback/staff-ratings',
  rateExperience: '/feedback/experience-ratings',
  recordSocialClick: '/feedback/social-clicks',
  issueDevice: '/feedback/device',
} as const;

/** Widths (px) every uploaded image is resized to; GET /files/:id?w= answers the smallest one at least that wide. */
export const IMAGE_WIDTHS = [160, 320, 480, 800, 1200] as const;

/** Every endpoint's path starts with this (the root router's pathPrefix). */
export const API_PREFIX = '/api/v1';
