// Test helpers for the HTML's first paint: screens as canonical text (React's and the painted one), and the starter run.
import type { TCustomerStore } from '@cx/contracts';
import { isKioskSession } from '@/lib/kiosk';
import { paintFirstScreen } from '../first-paint/first-paint';
import { paintWhenAnswered, requestStore, starterOf } from '../first-paint/starter';
import { firstPaintCatalogs } from '../first-paint/texts';
import { CATALOGS, type TLanguage } from '../i18n/messages';
import { translatorOf } from '../i18n/translate';
import { resetCustomerStores } from '../api/customer-store';
import { resetOutbox } from '../api/outbox-client';
import { STORE_ID } from './feedback-api';
import { renderCustomer } from './render-customer';

export const TEXTS = firstPaintCatalogs(CATALOGS);
export const starterWindow = window as unknown as { __cxStore?: unknown };

/** React's useId values and the first paint's stand-ins for them. */
const GENERATED_ID = /«r[0-9a-z]+»|_r_[0-9a-z]+_|:r[0-9a-z]+:|cx-rating|cx-stars/g;

function nodeText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof Element)) return `<!--${node.nodeType}-->`;
  // A radio's `checked` attribute is only its default (for a form reset): what it holds now is the property below.
  const attrs = [...node.attributes]
    .filter((a) => !(node instanceof HTMLInputElement && a.name === 'checked'))
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`);
  // What a form control holds now (React sets properties, not attributes); a textarea's text child is its default.
  if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement)
    attrs.push(`:value=${node.value}`);
  if (node instanceof HTMLInputElement && node.type === 'radio') attrs.push(`:checked=${node.checked}`);
  if (node instanceof HTMLButtonElement) attrs.push(`:disabled=${node.disabled}`);
  attrs.sort();
  const tag = `${node.namespaceURI === 'http://www.w3.org/2000/svg' ? 'svg:' : ''}${node.localName}`;
  const children = node instanceof HTMLTextAreaElement ? [] : [...node.childNodes];
  return `<${[tag, ...attrs].join(' ')}>${children.map(nodeText).join('')}</${tag}>`;
}

/**
 * A node as text with its attributes sorted (React's attribute order does not matter, everything else does), the
 * controls' live values, and generated ids numbered in order of appearance.
 */
export function canonical(node: Node): string {
  const ids = new Map<string, string>();
  return nodeText(node).replace(GENERATED_ID, (id) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size + 1}`);
    return ids.get(id)!;
  });
}

/** Stands in for the HTML's head script: the store answer already in. */
export function answeredStarter(store: TCustomerStore): void {
  const answer = { status: 200, body: store };
  starterWindow.__cxStore = { id: STORE_ID, p: Promise.resolve(answer), a: answer };
}

/** What React's first pass shows at `url` when the starter's store answer is already in. */
export function reactScreen(url: string, store: TCustomerStore): string {
  answeredStarter(store);
  const { container, unmount } = renderCustomer(url);
  const html = canonical(container.firstChild!);
  const title = document.title;
  unmount();
  return `${title}\n${html}`;
}

export function paintedScreen(url: string, store: TCustomerStore, language: TLanguage = 'en'): string | null {
  window.history.replaceState(null, '', url);
  const root = document.createElement('div');
  const painted = paintFirstScreen(root, window.location, {
    store,
    storeId: STORE_ID,
    kiosk: () => isKioskSession(new URLSearchParams(window.location.search)),
    t: translatorOf(TEXTS, language),
  });
  return painted ? `${document.title}\n${canonical(painted)}` : null;
}

export function mountRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

/** Runs customer.html's two inline scripts at `url`, against the fake API: the first screen is drawn when it returns. */
export async function startAt(url: string): Promise<HTMLElement> {
  window.history.replaceState(null, '', url);
  requestStore();
  const root = mountRoot();
  paintWhenAnswered(TEXTS);
  await starterOf(window)!.p;
  await Promise.resolve();
  return root;
}

/** Each test starts with no journey, outbox, store or starter, and no #root left by the one before. */
export function resetBetweenTests(): void {
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
}
