// The HTML's first paint: the very screen React renders for the two QR targets, and a tap on it opened by React.
import type { TCustomerStore } from '@cx/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { isKioskSession } from '@/lib/kiosk';
import { CustomerApp } from '../CustomerApp';
import { resetCustomerStores } from '../api/customer-store';
import { resetOutbox } from '../api/outbox-client';
import { CATALOGS, type TLanguage } from '../i18n/messages';
import { translatorOf } from '../i18n/translate';
import { fakeFeedbackApi, makeStore, STORE_ID } from '../testing/feedback-api';
import { renderCustomer } from '../testing/render-customer';
import { takeOverFirstPaint } from './early-tap';
import { paintFirstScreen } from './first-paint';
import { paintWhenAnswered, requestStore, starterOf } from './starter';
import { firstPaintCatalogs } from './texts';

const TEXTS = firstPaintCatalogs(CATALOGS);
const starterWindow = window as unknown as { __cxStore?: unknown };

/** A node as text with its attributes sorted: React's attribute order does not matter, everything else does. */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof Element)) return `<!--${node.nodeType}-->`;
  const attrs = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
  const tag = `${node.namespaceURI === 'http://www.w3.org/2000/svg' ? 'svg:' : ''}${node.localName}`;
  return `<${[tag, ...attrs].join(' ')}>${[...node.childNodes].map(canonical).join('')}</${tag}>`;
}

/** What React's first pass shows at `url` when the starter's store answer is already in. */
function reactScreen(url: string, store: TCustomerStore): string {
  const answer = { status: 200, body: store };
  starterWindow.__cxStore = { id: STORE_ID, p: Promise.resolve(answer), a: answer };
  const { container, unmount } = renderCustomer(url);
  const html = canonical(container.firstChild!);
  const title = document.title;
  unmount();
  return `${title}\n${html}`;
}

function paintedScreen(url: string, store: TCustomerStore, language: TLanguage = 'en'): string | null {
  window.history.replaceState(null, '', url);
  const root = document.createElement('div');
  const painted = paintFirstScreen(root, window.location.pathname, {
    store,
    storeId: STORE_ID,
    kiosk: isKioskSession(new URLSearchParams(window.location.search)),
    t: translatorOf(TEXTS, language),
  });
  return painted ? `${document.title}\n${canonical(painted)}` : null;
}

function mountRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

beforeEach(() => {
  sessionStorage.clear();
  resetOutbox();
  resetCustomerStores();
  document.title = '';
});
afterEach(() => {
  delete starterWindow.__cxStore;
  document.getElementById('root')?.remove();
});

describe('first paint of /rate-staff and /rate-experience', () => {
  const withPhotoOffShift = makeStore({
    onShift: false,
    staff: [
      {
        _id: '64b7f0c2a1b2c3d4e5f60801',
        firstName: 'amelia',
        role: '',
        photo: '/api/v1/files/64b7f0c2a1b2c3d4e5f60701',
      },
      { _id: '64b7f0c2a1b2c3d4e5f60802', firstName: 'George', role: 'Cashier', photo: null },
    ],
  });
  it.each([
    ['the staff on shift, with initials', `/rate-staff?store=${STORE_ID}`, makeStore()],
    ['a photo, no role, nobody on the rota', `/rate-staff?store=${STORE_ID}`, withPhotoOffShift],
    [
      'nobody to rate and no store image',
      `/rate-staff?store=${STORE_ID}`,
      makeStore({ staff: [], image: null }),
    ],
    ['the five stars', `/rate-experience?store=${STORE_ID}`, makeStore()],
    [
      'the stars on a kiosk with no social step',
      `/rate-experience?store=${STORE_ID}&kiosk=1`,
      makeStore({ interfaces: { staff: true, experience: true, social: false } }),
    ],
  ])('draws exactly what React renders: %s', (_, url, store) => {
    const react = reactScreen(url, store);
    expect(paintedScreen(url, store)).toBe(react);
  });

  it('draws the Spanish screen for a Spanish browser, from the strings the HTML carries', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX']);
    const url = `/rate-staff?store=${STORE_ID}`;
    const react = reactScreen(url, makeStore());
    expect(react).toContain('Valorar a Amelia, Barista');
    expect(paintedScreen(url, makeStore(), 'es')).toBe(react);
  });

  it('leaves other steps, and a step the store has turned off, to React', () => {
    expect(paintedScreen(`/after-scan?store=${STORE_ID}`, makeStore())).toBeNull();
    const noStaff = makeStore({ interfaces: { staff: false, experience: true, social: true } });
    expect(paintedScreen(`/rate-staff?store=${STORE_ID}`, noStaff)).toBeNull();
  });
});

describe("customer.html's starter", () => {
  async function startAt(url: string): Promise<HTMLElement> {
    window.history.replaceState(null, '', url);
    requestStore();
    const root = mountRoot();
    paintWhenAnswered(TEXTS);
    await starterOf(window)!.p;
    await Promise.resolve();
    return root;
  }

  it('draws the staff cards from the store answer, before any app script ran', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    expect(within(root).getByRole('link', { name: 'Rate Amelia, Barista' })).toBeVisible();
    expect(within(root).getByTestId('header-store-name')).toHaveTextContent('Covent Garden');
    expect(document.title).toBe('Rate our staff | CX Journey');
  });

  it('opens the tapped person in React’s first pass, and still counts the visit', async () => {
    const api = fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    const notFollowed = !fireEvent.click(within(root).getByRole('link', { name: 'Rate Amelia, Barista' }));
    expect(notFollowed).toBe(true);
    expect(window.location.pathname).toBe('/rate-staff');

    takeOverFirstPaint();
    render(<CustomerApp />, { container: root });
    expect(screen.getByText('How was Amelia today?')).toBeInTheDocument();
    expect(window.location.search).toContain('staff=64b7f0c2a1b2c3d4e5f60801');
    expect(root.querySelectorAll('.cx-page')).toHaveLength(1);
    await waitFor(() => expect(api.postsTo('visits')).toHaveLength(1));
  });

  it('hands a tap made after the app started, before React drew, straight to the app', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-experience?store=${STORE_ID}`);
    takeOverFirstPaint();
    fireEvent.click(within(root).getByRole('link', { name: '4 of 5 stars, Good' }));
    expect(window.location.pathname).toBe('/after-scan-experience');
    render(<CustomerApp />, { container: root });
    expect(screen.getByText('Anything you would like to add?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 of 5 stars, Good' })).toBeChecked();
  });

  it('leaves a modified click (a new tab) to the browser', async () => {
    fakeFeedbackApi();
    const root = await startAt(`/rate-staff?store=${STORE_ID}`);
    const link = within(root).getByRole('link', { name: 'Rate George, Cashier' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(starterWindow.__cxStore).not.toHaveProperty('tap');
  });

  it('draws nothing for a store that is not found: React says so', async () => {
    fakeFeedbackApi();
    const root = await startAt('/rate-staff?store=64b7f0c2a1b2c3d4e5f60000');
    expect(root).toBeEmptyDOMElement();
  });
});
