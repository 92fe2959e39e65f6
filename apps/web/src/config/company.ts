// Contact details shown in the public footer and on /contact-us. Placeholder values until the business supplies real ones.
export const company = {
  name: 'CX Journey Ltd',
  addressLines: ['CX Journey Ltd', '1 Feedback Lane', 'London EC1A 1AA', 'United Kingdom'],
  teamEmail: 'team@cxjourney.example',
} as const;
