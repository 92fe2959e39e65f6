// The demo business's fixed facts: its logins (owner and team), stores (three time zones), staff, tags, comment languages.
export const DEMO_LOGIN = {
  email: 'demo@cxjourney.app',
  password: 'DemoPass123!',
  fullname: 'Alex Morgan',
} as const;

/**
 * The demo chain's team besides its owner: an Admin for every store and a Store manager for each of two stores
 * (`store` indexes DEMO_STORES), each a verified login with the owner's password, so every role can be tried.
 */
export const DEMO_TEAM: ReadonlyArray<{
  email: string;
  fullname: string;
  role: 'admin' | 'manager';
  /** The one store of a store manager (DEMO_STORES index); null: all stores, or the district's. */
  store: number | null;
  /** A district manager's district (DEMO_DISTRICTS index): every store under it, also stores added later. */
  district?: number;
}> = [
  { email: 'admin@cxjourney.app', fullname: 'Priya Shah', role: 'admin', store: null },
  { email: 'covent-garden@cxjourney.app', fullname: 'Olivia Bennett', role: 'manager', store: 0 },
  { email: 'soho@cxjourney.app', fullname: 'Mason Rivera', role: 'manager', store: 1 },
  { email: 'london@cxjourney.app', fullname: 'Harriet Cole', role: 'manager', store: null, district: 0 },
];

export const DEMO_STORES = [
  {
    name: 'Covent Garden',
    address: '12 King Street, London WC2E 8HN, UK',
    timeZone: 'Europe/London',
    socialLinks: {
      googleReview: 'https://g.page/r/cx-demo-covent-garden/review',
      facebook: 'https://www.facebook.com/cxdemo.coventgarden',
      instagram: 'https://www.instagram.com/cxdemo.london',
      tripadvisor: 'https://www.tripadvisor.co.uk/cxdemo-covent-garden',
      website: 'https://cxjourney.app/demo/covent-garden',
    },
  },
  {
    name: 'SoHo New York',
    address: '420 West Broadway, New York, NY 10012, USA',
    timeZone: 'America/New_York',
    socialLinks: {
      googleReview: 'https://g.page/r/cx-demo-soho/review',
      facebook: 'https://www.facebook.com/cxdemo.soho',
      instagram: 'https://www.instagram.com/cxdemo.nyc',
      tripadvisor: null,
      website: 'https://cxjourney.app/demo/soho',
    },
  },
  {
    name: 'Sydney Harbour',
    address: '3 Circular Quay, Sydney NSW 2000, Australia',
    timeZone: 'Australia/Sydney',
    socialLinks: {
      googleReview: 'https://g.page/r/cx-demo-sydney/review',
      facebook: null,
      instagram: 'https://www.instagram.com/cxdemo.sydney',
      tripadvisor: 'https://www.tripadvisor.com.au/cxdemo-sydney',
      website: null,
    },
  },
] as const;

export const DEMO_STAFF: ReadonlyArray<{ name: string; role: string; store: number }> = [
  { name: 'Olivia Bennett', role: 'Store Manager', store: 0 },
  { name: 'Harry Clarke', role: 'Sales Associate', store: 0 },
  { name: 'Amelia Hughes', role: 'Barista', store: 0 },
  { name: 'George Patel', role: 'Cashier', store: 0 },
  { name: 'Isla Turner', role: 'Sales Associate', store: 0 },
  { name: 'Mason Rivera', role: 'Store Manager', store: 1 },
  { name: 'Sophia Nguyen', role: 'Sales Associate', store: 1 },
  { name: 'Ethan Brooks', role: 'Cashier', store: 1 },
  { name: 'Ava Thompson', role: 'Barista', store: 1 },
  { name: 'Lucas Kim', role: 'Sales Associate', store: 1 },
  { name: 'Charlotte Wilson', role: 'Store Manager', store: 2 },
  { name: 'Jack O’Connor', role: 'Barista', store: 2 },
  { name: 'Mia Chen', role: 'Sales Associate', store: 2 },
  { name: 'Noah Walker', role: 'Cashier', store: 2 },
  { name: 'Grace Lee', role: 'Sales Associate', store: 2 },
];

export const DEMO_TAGS = [
  'Friendly',
  'Helpful',
  'Quick service',
  'Knowledgeable',
  'Clean store',
  'Great value',
];
/** Share of each store's comments (DEMO_STORES order) written in Spanish: about one in five across the chain. */
export const SPANISH_SHARE: readonly number[] = [0.15, 0.35, 0.1];
