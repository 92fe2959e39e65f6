// customer.html's two inline scripts (bundled into the page by customer-entry.ts): the head's asks for the store before
// anything else loads; the body's draws the first screen from the answer, and the rating step a tap on it opens, until
// React takes them over (early-tap.ts, draft.ts).
import type { TCustomerStore } from '@cx/contracts';
import { env } from '@/config/env';
import { isKioskSession } from '@/lib/kiosk';
import { isStoreId } from '../api/journey';
import { browserLanguages, pickLanguageOf, translatorOf, type TCatalogs } from '../i18n/translate';
import { paintFirstScreen, type TWhere } from './first-paint';
import { inlinedStore, STORE_FACE_ID } from './store-face';

export type TStoreAnswer = { status: number; body?: unknown };

/** What the starter leaves on window.__cxStore for the app. */
export type TStarter = {
  id: string;
  /** The store request, begun before any script loaded. */
  p: Promise<TStoreAnswer>;
  /** Its answer, once it has come back. */
  a?: TStoreAnswer;
  /** The page the customer landed on (path and query): its visit counts even when React first draws a later step. */
  from?: string;
  /** The screen drawn before React, while it is the one shown. */
  screen?: Element;
  /** Where a tap on it leads that the first paint cannot draw (the page did not move: React opens it). */
  tap?: string;
  /** Set by the app once it has started: a later tap on the pre-painted screen goes straight to it. */
  onTap?: (href: string) => void;
};

export const starterOf = (w: Window): TStarter | undefined =>
  (w as unknown as { __cxStore?: TStarter }).__cxStore;

/**
 * A plain left click on a link of the pre-painted screen: before the app has started, the step it opens is drawn at
 * once (and the address moved to it) when the first paint can draw it, and is otherwise kept for React to open.
 */
function captureTaps(starter: TStarter, draw: (where: URL) => boolean): void {
  document.addEventListener(
    'click',
    (event) => {
      const screen = starter.screen;
      if (!screen?.isConnected || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || !screen.contains(link)) return;
      event.preventDefault();
      const href = link.getAttribute('href')!;
      const to = new URL(href, location.href);
      if (starter.onTap) starter.onTap(href);
      else if (starter.tap === undefined && draw(to)) history.pushState(null, '', to.pathname + to.search);
      else starter.tap ??= href;
    },
    true,
  );
  // Back and forward between the steps drawn so far, until React (whose router then listens) has started.
  window.addEventListener('popstate', () => {
    if (!starter.onTap && starter.screen?.isConnected) draw(new URL(location.href));
  });
}

function paint(starter: TStarter, answer: TStoreAnswer, texts: TCatalogs): void {
  const root = document.getElementById('root');
  // React got there first (a remembered store, a slow answer): it owns the page.
  if (answer.status !== 200 || !answer.body || !root || root.firstChild) return;
  const language = pickLanguageOf(browserLanguages(), texts);
  let kiosk: boolean | undefined;
  const step = {
    store: answer.body as TCustomerStore,
    storeId: starter.id,
    kiosk: () => (kiosk ??= isKioskSession(new URLSearchParams(location.search))),
    t: translatorOf(texts, language),
  };
  const draw = (where: TWhere) => {
    const screen = paintFirstScreen(root, where, step, starter.screen);
    if (screen) starter.screen = screen;
    return !!screen;
  };
  if (!draw(location)) return;
  starter.from = location.pathname + location.search;
  document.documentElement.lang = language;
  captureTaps(starter, draw);
}

/**
 * The head's script: the store's face for the ?store= of the page, kept on window.__cxStore — the one the server inlined
 * in the HTML when it did (no round trip), else GET /feedback/stores/:id.
 */
export function requestStore(): void {
  const id = new URLSearchParams(location.search).get('store');
  if (!isStoreId(id)) return;
  const inlined = inlinedStore(document.getElementById(STORE_FACE_ID)?.textContent, id);
  if (!inlined && !window.fetch) return;
  const starter = { id } as TStarter;
  (window as unknown as { __cxStore: TStarter }).__cxStore = starter;
  if (inlined) {
    starter.a = { status: 200, body: inlined };
    starter.p = Promise.resolve(starter.a);
    return;
  }
  starter.p = fetch(`${env.apiBaseUrl}/api/v1/feedback/stores/${id}`)
    .then(
      (res) =>
        res.json().then(
          (body: unknown) => ({ status: res.status, body }),
          () => ({ status: res.status }),
        ),
      () => ({ status: 0 }),
    )
    .then((answer: TStoreAnswer) => (starter.a = answer));
}

/** The body's script (after #root): draws the first screen as soon as the store answer is in, unless React has. */
export function paintWhenAnswered(texts: TCatalogs): void {
  const starter = starterOf(window);
  if (!starter) return;
  void starter.p.then((answer) => {
    try {
      paint(starter, answer, texts);
    } catch {
      // The first paint only saves time: whatever it could not draw, React draws.
    }
  });
}

/**
 * The head's second script (written by the build with the hashed file names): the app's module and its chunks are
 * requested after the store, not found by the browser's preload scanner before the store request has even been sent.
 */
export function loadApp(entry: string, chunks: readonly string[]): void {
  const add = (el: HTMLLinkElement | HTMLScriptElement) => {
    el.crossOrigin = '';
    document.head.append(el);
  };
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    add(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry;
  add(script);
}
