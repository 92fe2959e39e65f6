// Every route path of the app, written once (spec §2), with the title each page shows and sets as document.title.

export type TRoutePath = { readonly path: string; readonly title: string };

const route = (path: string, title: string): TRoutePath => ({ path, title });

export const paths = {
  marketing: {
    home: route('/', 'Home'),
    blogPosts: route('/blog-posts', 'Blog'),
    contactUs: route('/contact-us', 'Contact us'),
    termsConditions: route('/terms-conditions', 'Terms & Conditions'),
  },
  business: {
    dashboard: route('/dashboard', 'Snapshot'),
    overview: route('/overview', 'Overview'),
    staffOnShift: route('/staff-on-shift', 'Staff on Shift'),
    staffPerformance: route('/staff-performance', 'Staff League Table'),
    storePerformance: route('/store-performance', 'Store League Table'),
    customersFeedback: route('/customers-feedback', 'CX Feedback Timeline'),
    rota: route('/rota', 'Rota'),
    interfaceSettings: route('/interface-settings', 'Interface Settings'),
    /** The rating chips of the QR pages (#37): reached from Interface Settings, not the side navigation. */
    feedbackChips: route('/interface-settings/chips', 'Rating chips'),
    manageStaff: route('/manage-staff', 'Manage Staff'),
    manageStores: route('/manage-stores', 'Manage Stores'),
    /** The location tree (#35): reached from Manage Stores, not the side navigation (the spec's twelve items stay). */
    structure: route('/manage-stores/structure', 'Structure'),
    /** The chain's logo and colour (#36): reached from Manage Stores, not the side navigation. */
    brand: route('/manage-stores/brand', 'Brand'),
    settingsAndNotifications: route('/settings-and-notifications', 'Performance Notifications'),
    /** Targets per area and store (#35): reached from Performance Notifications and the Snapshot. */
    targets: route('/settings-and-notifications/targets', 'Targets'),
    mySubscription: route('/my-subscription', 'My Subscription'),
    paymentSuccess: route('/payment-success', 'payment success'),
    paymentFailed: route('/payment-failed', 'payment failed'),
    /** Not in the side navigation (the spec's twelve items stay): reached from the profile menu and the settings page. */
    team: route('/team', 'Team'),
    audit: route('/team/audit', 'Audit log'),
    /** Owner/Admin (#37): find, export and erase what is held for one customer's email or phone; reached from Team. */
    privacy: route('/team/privacy', 'Privacy requests'),
    /** Owner and Admin, like Team: reached from the profile menu, not the side navigation. */
    integrations: route('/integrations', 'Integrations'),
    /** Owner/Admin (#25): the business's comment themes, reached from Performance Notifications and the themes panel. */
    commentThemes: route('/comment-themes', 'Comment themes'),
    /** Complaints and contact requests someone owns, answers and resolves (#37). */
    cases: route('/cases', 'Cases'),
    caseSettings: route('/cases/settings', 'Case settings'),
    case: {
      ...route('/cases/:id', 'Case'),
      getHref: (id: string) => `/cases/${encodeURIComponent(id)}`,
    },
    /** Staff scorecards (#25): reached from the Staff League Table and Manage Staff, not the side navigation. */
    scorecard: {
      ...route('/staff/:staffId/scorecard', 'Scorecard'),
      getHref: (staffId: string, search = '') => `/staff/${encodeURIComponent(staffId)}/scorecard${search}`,
    },
  },
  /** A shared scorecard (#25): no login, no layout around it. */
  publicScorecard: {
    ...route('/scorecard/:token', 'Scorecard'),
    getHref: (token: string) => `/scorecard/${encodeURIComponent(token)}`,
  },
  /** Teams (#21): public pages in the marketing layout; they work signed in or not. */
  team: {
    acceptInvitation: {
      ...route('/accept-invitation', 'Join a business'),
      getHref: (token: string) => `/accept-invitation?${new URLSearchParams({ token }).toString()}`,
    },
    noAccess: route('/no-access', 'No access'),
  },
  /** Alert channels (#24): the signed acknowledge link from an alert's email or chat post (public). */
  alerts: {
    acknowledge: route('/alerts/acknowledge', 'Acknowledge alert'),
  },
  /** Scheduled reports (#24): the signed "stop this report" link from a report mail (public). */
  reports: {
    unsubscribe: route('/reports/unsubscribe', 'Stop a report'),
  },
  /** A customer's conversation about their complaint (#37): the signed link the API mails (public; no href built here). */
  caseReply: route('/reply/:token', 'Your feedback'),
  /** Same layout as the business area but without the token guard (spec §2). */
  businessOpen: {
    user: route('/user', 'User'),
    products: route('/products', 'Products'),
    blog: route('/blog', 'Blog'),
  },
  customer: {
    rateStaff: {
      ...route('/rate-staff', 'Rate our staff'),
      /** /rate-staff?store=<storeId>; the Select Store dialog adds kiosk=1 (a shared device: countdown, no per-device limit). */
      getHref: (storeId: string, opts: { kiosk?: boolean } = {}) =>
        `/rate-staff?${new URLSearchParams({ store: storeId, ...(opts.kiosk ? { kiosk: '1' } : {}) }).toString()}`,
      /** The same page as a customer sees it, marked as a preview: nothing sent from that tab is saved or counted. */
      getPreviewHref: (storeId: string) =>
        `/rate-staff?${new URLSearchParams({ store: storeId, preview: '1' }).toString()}`,
    },
    afterScan: route('/after-scan', 'Rate our staff'),
    rateExperience: route('/rate-experience', 'Rate your experience'),
    afterScanExperience: route('/after-scan-experience', 'Rate your experience'),
    visitSocialMedia: route('/visit-social-media', 'Visit us on social media'),
    socialMedia: route('/social-media', 'Visit us on social media'),
    thanks: route('/thanks', 'Thank you'),
    afterScanThanks: route('/after-scan-thanks', 'Thank you'),
  },
  /** Breakroom TV board (#25): public, full screen, no layout. */
  board: {
    ...route('/board/:token', 'Breakroom board'),
    getHref: (token: string) => `/board/${encodeURIComponent(token)}`,
  },
  /** Where a breakroom TV types the board dialog's pairing code (or lands from its QR code with ?code=). */
  tvPairing: route('/tv', 'Open a breakroom board'),
  notFound: route('/404', 'Page not found'),
} as const;

/** The side navigation: the twelve titled business pages in spec order, and Cases (#37) after the feedback timeline. */
export const businessNavItems: readonly TRoutePath[] = [
  paths.business.dashboard,
  paths.business.overview,
  paths.business.staffOnShift,
  paths.business.staffPerformance,
  paths.business.storePerformance,
  paths.business.customersFeedback,
  paths.business.rota,
  paths.business.interfaceSettings,
  paths.business.manageStaff,
  paths.business.manageStores,
  paths.business.settingsAndNotifications,
  paths.business.mySubscription,
];

export const APP_NAME = 'CX Journey';
export const TAGLINE = 'Your CX Journey…see through';
/** The customer pages' header promise (spec §1). */
export const ANONYMOUS_HEADLINE = '100% Anonymous!';
