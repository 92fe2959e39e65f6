// The store as the customer pages see it (one public call, started by the HTML's inline starter), remembered locally
// so a kiosk on flaky Wi-Fi still opens. No query library: one small cache with subscribers.
import type { TCustomerStore } from '@cx/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { env } from '@/config/env';
import type { TStarter, TStoreAnswer } from '../first-paint/starter';
import { isStoreId } from './journey';

const cacheKey = (storeId: string) => `cx.store.${storeId}`;
/** Staff on shift change during the day: a copy younger than this is not fetched again when moving between steps. */
const FRESH_MS = 30_000;
const RETRY_DELAYS_MS = [1000, 3000];

export type TStoreState = {
  store?: TCustomerStore;
  /** loading: no answer yet; error: the last attempt failed (errorStatus 0 means no connection). */
  status: 'loading' | 'ready' | 'error';
  errorStatus?: number;
  fetchedAt: number;
};

const states = new Map<string, TStoreState>();
const inFlight = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const LOADING: TStoreState = { status: 'loading', fetchedAt: 0 };

function remembered(storeId: string): TCustomerStore | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(storeId));
    return raw ? (JSON.parse(raw) as TCustomerStore) : undefined;
  } catch {
    return undefined;
  }
}

function remember(storeId: string, store: TCustomerStore): void {
  try {
    localStorage.setItem(cacheKey(storeId), JSON.stringify(store));
  } catch {
    // Not remembering is fine: the page just needs the network next time.
  }
}

function set(storeId: string, state: TStoreState): void {
  states.set(storeId, state);
  for (const listener of [...listeners]) listener();
}

function starterFor(storeId: string): TStarter | null {
  const w = window as unknown as { __cxStore?: TStarter };
  const starter = w.__cxStore;
  if (!starter || starter.id !== storeId) return null;
  delete w.__cxStore;
  return starter;
}

/** The starter's answer if it is already a good one: the first render then shows the store, not a spinner. */
function arrivedStore(starter: TStarter | null): TCustomerStore | undefined {
  return starter?.a?.status === 200 && starter.a.body ? (starter.a.body as TCustomerStore) : undefined;
}

async function request(storeId: string): Promise<TStoreAnswer> {
  try {
    const res = await fetch(`${env.apiBaseUrl}/api/v1/feedback/stores/${storeId}`);
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch {
    return { status: 0 };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function load(storeId: string, first: Promise<TStoreAnswer> | null): Promise<void> {
  let answer = await (first ?? request(storeId));
  // A dropped connection or a restarting API is retried a couple of times before the page says so.
  for (const delay of RETRY_DELAYS_MS) {
    if (answer.status !== 0 && answer.status < 500) break;
    await sleep(delay);
    answer = await request(storeId);
  }
  const previous = states.get(storeId);
  if (answer.status === 200 && answer.body) {
    const store = answer.body as TCustomerStore;
    remember(storeId, store);
    set(storeId, { store, status: 'ready', fetchedAt: Date.now() });
  } else {
    set(storeId, { store: previous?.store, status: 'error', errorStatus: answer.status, fetchedAt: 0 });
  }
}

/** Starts a fetch unless one is running or the copy is fresh; `force` is the "Try again" button. */
export function refreshStore(storeId: string, force = false): void {
  if (inFlight.has(storeId)) return;
  const current = states.get(storeId);
  const starter = starterFor(storeId);
  if (!current) {
    // First sight of this store: the starter's answer if it is in, else the remembered copy (if any), shows at once,
    // without telling anyone (this may run during render).
    const arrived = arrivedStore(starter);
    if (arrived) {
      remember(storeId, arrived);
      states.set(storeId, { store: arrived, status: 'ready', fetchedAt: Date.now() });
      return;
    }
    const cached = remembered(storeId);
    states.set(storeId, cached ? { store: cached, status: 'ready', fetchedAt: 0 } : LOADING);
  } else {
    if (!force && current.status === 'ready' && Date.now() - current.fetchedAt < FRESH_MS) return;
    if (force && !current.store) set(storeId, LOADING);
  }
  const run = load(storeId, starter?.p ?? null).finally(() => inFlight.delete(storeId));
  inFlight.set(storeId, run);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: forget every loaded store. */
export function resetCustomerStores(): void {
  states.clear();
  inFlight.clear();
}

export function useCustomerStore(storeId: string | null) {
  const valid = isStoreId(storeId);
  // Started during render so the first paint already shows the remembered copy (and never fetches twice).
  if (valid && !states.has(storeId)) refreshStore(storeId);
  const state = useSyncExternalStore(
    subscribe,
    () => (valid ? (states.get(storeId) ?? LOADING) : LOADING),
    () => LOADING,
  );
  useEffect(() => {
    if (valid) refreshStore(storeId);
  }, [valid, storeId]);
  return { store: state.store, state, valid, retry: () => valid && refreshStore(storeId, true) };
}
