// Step order: disabled interfaces are skipped, the social step needs links, kiosks end on /thanks.
import { paths } from '@/config/paths';
import { hrefOf, nextStep, stepFrom } from './flow';

const on = { staff: true, experience: true, social: true };
const links = [{ network: 'googleReview' as const, url: 'https://g.page/x' }];

describe('customer flow', () => {
  it('goes staff → experience → social → thanks when everything is enabled', () => {
    const store = { interfaces: on, socialLinks: links };
    expect(stepFrom('staff', store)).toBe('staff');
    expect(nextStep('staff', store)).toBe('experience');
    expect(nextStep('experience', store)).toBe('social');
    expect(nextStep('social', store)).toBe('thanks');
  });

  it('skips disabled interfaces and a social step with no links', () => {
    expect(stepFrom('staff', { interfaces: { ...on, staff: false }, socialLinks: links })).toBe('experience');
    expect(nextStep('staff', { interfaces: { ...on, experience: false }, socialLinks: links })).toBe(
      'social',
    );
    expect(nextStep('experience', { interfaces: on, socialLinks: [] })).toBe('thanks');
    expect(
      stepFrom('staff', {
        interfaces: { staff: false, experience: false, social: false },
        socialLinks: links,
      }),
    ).toBe('thanks');
  });

  it('links each step with the store, and ends a kiosk on /thanks and a phone on /after-scan-thanks', () => {
    const ctx = { storeId: 'abc', kiosk: false };
    expect(hrefOf('experience', ctx)).toBe('/rate-experience?store=abc');
    expect(hrefOf('social', ctx)).toBe('/visit-social-media?store=abc');
    expect(hrefOf('social', { ...ctx, rated: false })).toBe('/social-media?store=abc');
    expect(hrefOf('thanks', ctx)).toBe('/after-scan-thanks?store=abc');
    expect(hrefOf('thanks', { ...ctx, kiosk: true })).toBe('/thanks?store=abc');
  });
});

describe('the QR and kiosk entry links', () => {
  it('opens /rate-staff with the store, and kiosk=1 when the Select Store dialog hands a device over', () => {
    expect(paths.customer.rateStaff.getHref('abc')).toBe('/rate-staff?store=abc');
    expect(paths.customer.rateStaff.getHref('abc', { kiosk: true })).toBe('/rate-staff?store=abc&kiosk=1');
  });
});
