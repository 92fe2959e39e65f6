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

/** "What went wrong?" at 1–3★ (the lists above are "What stood out?" at 4–5★); stored as these English labels too. */
export const STAFF_BAD_TAGS = [
  'Slow service',
  'Unfriendly',
  'Unhelpful',
  'Order wrong',
  'Did not know the products',
] as const;
export const EXPERIENCE_BAD_TAGS = [
  'Slow service',
  'Order wrong',
  'Unfriendly',
  'Dirty',
  'Too expensive',
  'Out of stock',
] as const;

/** The score band a rating's tags come from: 1–3★ "What went wrong?", 4–5★ "What stood out?". */
export type TChipBand = 'good' | 'bad';
export const chipBandOf = (score: number): TChipBand => (score <= 3 ? 'bad' : 'good');
/** The most chips a list may hold, and the longest chip. */
export const CHIPS_MAX = 12;
export const CHIP_MAX_LENGTH = 40;

/** A business's own chip lists (any list missing: the product's default for it). */
export interface TChipLists {
  staff: { good: string[]; bad: string[] };
  experience: { good: string[]; bad: string[] };
}
export const DEFAULT_CHIPS: TChipLists = {
  staff: { good: [...STAFF_TAGS], bad: [...STAFF_BAD_TAGS] },
  experience: { good: [...EXPERIENCE_TAGS], bad: [...EXPERIENCE_BAD_TAGS] },
};

/** Client-side mirrors of the contact request's rules (ZContactRequestSchema), for the zod-free QR pages. */
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const CONTACT_PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

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
