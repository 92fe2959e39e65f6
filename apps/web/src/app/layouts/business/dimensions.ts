// Business layout sizes from spec §9: 280 px side panel from `lg`, 64/80 px top bar, 8 px extra content padding.
export const SIDEBAR_WIDTH = '280px';
/** The business top bar's and the public header's whole height, bottom border included. */
export const TOP_BAR_HEIGHT = { base: '64px', lg: '80px' } as const;
export const CONTENT_EXTRA_PADDING_Y = '8px';
