// The QR page's first screen as plain DOM, drawn by the HTML's starter before React loads: exactly the markup React
// renders for /rate-staff and /rate-experience and the rating step a tap there opens (first-paint.test.tsx holds them
// equal), texts set as text, never as HTML.
import type { TCustomerStaff, TCustomerStore } from '@cx/contracts';
import { ANONYMOUS_HEADLINE, APP_NAME, paths, TAGLINE } from '@/config/paths';
import { SCORES, STAR_PATH, starPaint } from '../components/star-shape';
import { hrefOf, nextStep, stepFrom, withParams } from '../flow';
import type { TTranslate } from '../i18n/translate';
import { el, image, staffAvatar } from './dom';
import { experienceDetails, rateMember } from './rating-paint';

/** StaffCard (StaffAvatar at 72 px, name, a space, role). */
function staffCard(member: TCustomerStaff, to: string, t: TTranslate): Element {
  const avatar = staffAvatar(member, 72);
  return el(
    'a',
    {
      href: to,
      class: 'cx-card cx-staff',
      'aria-label': t('staff.rate', { name: member.firstName, role: member.role || '—' }),
    },
    avatar,
    el('span', { class: 'cx-strong cx-lg' }, member.firstName),
    ' ',
    member.role ? el('span', { class: 'cx-muted cx-sm' }, member.role) : null,
  );
}

type TStep = {
  store: TCustomerStore;
  storeId: string;
  /** Asked only when a link leads to the thanks page: a phone's first storage read is slow, and this is before it. */
  kiosk: () => boolean;
  t: TTranslate;
};

/** RateStaffPage's StaffPicker. */
function staffPicker({ store, storeId, kiosk, t }: TStep): Element {
  const some = store.staff.length > 0;
  const skipTo = hrefOf(nextStep('staff', store), { storeId, kiosk, rated: false });
  return el(
    'div',
    { class: 'cx-stack' },
    el(
      'div',
      { class: 'cx-stack-xs cx-center' },
      el('p', { class: 'cx-xl cx-strong' }, t('staff.question')),
      el('p', { class: 'cx-muted' }, some ? t('staff.hint') : t('staff.none')),
      store.hasRota && !store.onShift && some
        ? el('p', { class: 'cx-muted cx-sm' }, t('staff.offShift'))
        : null,
    ),
    el(
      'ul',
      { class: 'cx-grid cx-plain' },
      ...store.staff.map((m) =>
        el(
          'li',
          {},
          staffCard(m, withParams(paths.customer.afterScan.path, { store: storeId, staff: m._id }), t),
        ),
      ),
    ),
    el('a', { href: skipTo, class: 'cx-btn cx-btn-ghost' }, some ? t('common.skip') : t('common.continue')),
    el('p', { class: 'cx-muted cx-sm cx-center' }, t('common.anonymous')),
  );
}

/** RateExperiencePage's ExperienceStars (StarIcon unfilled at 40 px). */
function experienceStars({ store, storeId, kiosk, t }: TStep): Element {
  const star = el(
    'svg',
    { width: '40', height: '40', viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    el('path', { d: STAR_PATH, ...starPaint(false), 'stroke-width': '1.5', 'stroke-linejoin': 'round' }),
  );
  return el(
    'div',
    { class: 'cx-stack cx-center' },
    el('p', { class: 'cx-xl cx-strong' }, t('experience.question')),
    el('p', { class: 'cx-muted' }, t('experience.tapStar')),
    el(
      'ul',
      { class: 'cx-row cx-plain' },
      ...SCORES.map((n) =>
        el(
          'li',
          {},
          el(
            'a',
            {
              href: withParams(paths.customer.afterScanExperience.path, { store: storeId, score: String(n) }),
              class: 'cx-star',
              'aria-label': t('stars.option', { n, label: t(`stars.${n}`) }),
            },
            star.cloneNode(true),
          ),
        ),
      ),
    ),
    el(
      'a',
      { href: hrefOf(nextStep('experience', store), { storeId, kiosk }), class: 'cx-btn cx-btn-ghost' },
      t('common.skip'),
    ),
  );
}

/** Where the first paint draws: a page's path and query (a Location, or a URL the starter is about to open). */
export type TWhere = { pathname: string; search: string };

/**
 * The steps drawn before React, by path, with their titles: the two QR targets, and the rating step a tap on either
 * opens; other paths, a disabled step and an unknown person wait for React.
 */
function stepFor({ pathname, search }: TWhere, step: TStep): { title: string; body: Element } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const { store, t } = step;
  const query = new URLSearchParams(search);
  if (path === paths.customer.rateStaff.path && stepFrom('staff', store) === 'staff')
    return { title: t('title.rateStaff'), body: staffPicker(step) };
  if (path === paths.customer.rateExperience.path && stepFrom('experience', store) === 'experience')
    return { title: t('title.rateExperience'), body: experienceStars(step) };
  const member = store.staff.find((m) => m._id === query.get('staff'));
  if (path === paths.customer.afterScan.path && store.interfaces.staff && member)
    return { title: t('title.rateStaff'), body: rateMember(member, store, t) };
  const score = Number(query.get('score'));
  if (path === paths.customer.afterScanExperience.path && store.interfaces.experience)
    return {
      title: t('title.rateExperience'),
      body: experienceDetails(Number.isInteger(score) && score >= 1 && score <= 5 ? score : null, store, t),
    };
  return null;
}

/**
 * Draws CustomerApp's page (header with the store badge, the step, the empty send-status chrome) as the content of
 * `root` and returns it, or returns null and leaves `root` alone when this is not a page the first paint draws. Given
 * the page it drew before (`over`), only the step inside it is redrawn: header and badge stay as they are, as in React.
 */
export function paintFirstScreen(root: Element, where: TWhere, step: TStep, over?: Element): Element | null {
  const screen = stepFor(where, step);
  if (!screen) return null;
  document.title = `${screen.title} | ${APP_NAME}`;
  const content = [el('h1', { id: 'page-title', class: 'cx-title' }, screen.title), screen.body];
  const section = over?.isConnected ? over.querySelector('section') : null;
  if (over && section) {
    section.replaceChildren(...content);
    return over;
  }
  const { store } = step;
  const badge = el(
    'div',
    { class: 'cx-badge' },
    store.image
      ? image(store.image, 48, { alt: store.name, width: '48', height: '48', class: 'cx-badge-img' })
      : null,
    el('span', { class: 'cx-strong cx-lg', 'data-testid': 'header-store-name' }, store.name),
  );
  const brand = store.brand;
  const page = el(
    'div',
    { class: 'cx-page' },
    el(
      'header',
      { class: 'cx-header' },
      el(
        'div',
        { class: 'cx-wrap' },
        el('p', { class: 'cx-app-name' }, APP_NAME),
        el(
          'div',
          // The chain's colours exactly as BrandMark's brandStyle sets them (the colours are validated hex).
          brand?.color && brand.textColor
            ? {
                class: 'cx-anon-row cx-anon-branded',
                style: `background: ${brand.color}; color: ${brand.textColor};`,
                'data-testid': 'anon-row',
              }
            : { class: 'cx-anon-row', 'data-testid': 'anon-row' },
          brand?.logo
            ? image(brand.logo, 120, { alt: '', class: 'cx-brand-logo', 'data-testid': 'brand-logo' })
            : null,
          el('p', { class: 'cx-anon' }, ANONYMOUS_HEADLINE),
        ),
        el('p', { class: 'cx-tagline' }, TAGLINE),
        badge,
      ),
    ),
    el(
      'main',
      { class: 'cx-main' },
      el('div', { class: 'cx-wrap' }, el('section', { 'aria-labelledby': 'page-title' }, ...content)),
    ),
    el('div', { class: 'cx-toasts' }, el('div', { role: 'status', 'aria-live': 'polite' })),
  );
  root.replaceChildren(page);
  return page;
}
