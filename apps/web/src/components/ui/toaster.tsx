// The app's toaster: `toaster.create/success/error/warning` from anywhere, rendered by the one <Toaster/> region the
// shell providers mount once this module has loaded. A toast asked for before that region listens is held and shown
// when it does (a mail link's landing toasts at once, before the region's lazy chunk has even arrived).
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { markToasterLoaded } from './toaster-loaded';

// Spec §9: toasts close after 5000 ms unless a call passes its own duration (e.g. 7000 ms for a warning).
const store = createToaster({ placement: 'top-end', duration: 5000, pauseOnPageIdle: true });

type TToastInput = Parameters<typeof store.create>[0];
type THeld = { id: string; show: () => void };

let listening = 0;
let held: THeld[] = [];
let nextId = 0;

/** Creates the toast now if a region listens, or holds it (with the id it will have) until one does. */
function createOrHold(data: TToastInput, type?: TToastInput['type']): string {
  const toast = type ? { ...data, type } : data;
  if (listening > 0) return store.create(toast);
  const id = toast.id ?? `toast:held-${++nextId}`;
  held = [...held.filter((h) => h.id !== id), { id, show: () => store.create({ ...toast, id }) }];
  return id;
}

export const toaster: typeof store = {
  ...store,
  create: (data) => createOrHold(data),
  success: (data) => createOrHold(data, 'success'),
  error: (data) => createOrHold(data, 'error'),
  warning: (data) => createOrHold(data, 'warning'),
  info: (data) => createOrHold(data, 'info'),
  loading: (data) => createOrHold(data, 'loading'),
  remove: (id) => {
    held = id === undefined ? [] : held.filter((h) => h.id !== id);
    return store.remove(id);
  },
  dismiss: (id) => {
    held = id === undefined ? [] : held.filter((h) => h.id !== id);
    return store.dismiss(id);
  },
};
markToasterLoaded();

/**
 * Rendered after the region's group (its later sibling). The held toasts are created a task after the group mounted:
 * a toast already in the store when the group subscribes is not drawn (zag sets its list during its own mount and
 * loses it), which is how a lazily mounted region missed a mail link's toast in Chromium.
 */
function RegionListening() {
  useEffect(() => {
    let counted = false;
    const timer = setTimeout(() => {
      counted = true;
      listening += 1;
      const waiting = held;
      held = [];
      for (const h of waiting) h.show();
    }, 0);
    return () => {
      clearTimeout(timer);
      if (counted) listening -= 1;
    };
  }, []);
  return null;
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            <Toast.CloseTrigger aria-label="Close notification" />
          </Toast.Root>
        )}
      </ChakraToaster>
      <RegionListening />
    </Portal>
  );
}
