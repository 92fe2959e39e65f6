// The plans as the product displays them (spec §3 and §9): the basic monthly plan in dollars, longer plans in pounds.
export type TPlanOffer = {
  id: string;
  name: string;
  /** Struck-through original price. */
  originalPrice?: string;
  saving?: string;
  price: string;
  renewal: string;
};

export const BASIC_PLAN = {
  id: 'basic-monthly',
  name: 'Basic',
  price: '$99',
  renewal: 'per month',
  features: [
    'All analytics features',
    'Up to 250,000 tracked visits',
    'Normal support',
    'Can increase the staff number',
  ],
} as const;

export const TRACKED_VISITS_CAP = 250_000;

export const LONGER_PLANS: readonly TPlanOffer[] = [
  {
    id: 'three-months',
    name: '3 Months',
    originalPrice: '£90.00',
    saving: 'Save £16',
    price: '£84.00',
    renewal: 'Renews every 3 months',
  },
  {
    id: 'six-months',
    name: '6 Months',
    originalPrice: '£180.00',
    saving: 'Save £22',
    price: '£158.00',
    renewal: 'Renews every 6 months',
  },
  {
    id: 'twelve-months',
    name: '12 Months',
    originalPrice: '£360.00',
    saving: 'Save £119',
    price: '£241.00',
    renewal: 'Renews every 12 months',
  },
];
