// Test setup: jest-dom matchers, and the browser APIs jsdom lacks that Chakra/zag and the layouts call.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { selectStoreDialog } from '@/lib/select-store-dialog';

// Route chunks are lazy: the first import of a large area can take seconds to transform in a cold worker on a busy
// 2-core machine; waits are bounds, not speed targets.
configure({ asyncUtilTimeout: 15000 });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

// Files that opt into the node environment (e.g. the build-graph test) get no browser stubs.
const browser = typeof window !== 'undefined';

if (browser && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}
if (browser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
// jsdom prints "Not implemented" for scrolling; the layouts scroll to the top on navigation.
if (browser) {
  // First of every test's after-hooks (sequence.hooks = 'list'): unmount, then let the file reset its stores.
  afterEach(() => cleanup());
  window.scrollTo = () => {};
  Element.prototype.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  afterEach(() => {
    window.localStorage.clear();
    // The Select Store dialog's open state lives in a module store; left open (e.g. by a kiosk confirm), the next file
    // in the shared worker would render its layout under that modal and every click would meet pointer-events: none.
    selectStoreDialog.close();
  });
}

// No real sockets in jsdom: the realtime client talks to a fake the tests drive (src/testing/fake-socket.ts).
vi.mock('socket.io-client', () => import('@/testing/fake-socket'));
