// The app's toaster: `toaster.create/success/error/warning` from anywhere, rendered once by <Toaster/> in the shell providers.
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

// Spec §9: toasts close after 5000 ms unless a call passes its own duration (e.g. 7000 ms for a warning).
export const toaster = createToaster({ placement: 'top-end', duration: 5000, pauseOnPageIdle: true });
// The region is mounted by the shell providers with the first paint.

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
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
    </Portal>
  );
}
