// The frame of every customer step: the page's h1 and title, and the shared loading / not-found / offline states.
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TCustomerStore } from '@cx/contracts';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCustomerStore } from '../api/customer-store';
import { useJourney } from '../api/use-journey';
import { useT } from '../i18n/use-t';

export function CustomerPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box as="section" aria-labelledby="page-title">
      <Heading as="h1" id="page-title" size="2xl" mb="4" textAlign="center">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="4" textAlign="center" py="6">
      <Text fontSize="lg">{children}</Text>
      {action}
    </Stack>
  );
}

/**
 * Renders `children(store, storeId)` once the store named by ?store= is loaded, and otherwise says why not:
 * no parameter, unknown store, or no connection (with a retry).
 */
export function WithStore({ children }: { children: (store: TCustomerStore, storeId: string) => ReactNode }) {
  const { t } = useT();
  const [search] = useSearchParams();
  const storeId = search.get('store');
  const { store, query, valid } = useCustomerStore(storeId);
  if (!valid) return <Notice>{t('store.missing')}</Notice>;
  if (store) return <>{children(store, storeId!)}</>;
  if (query.isPending) {
    return (
      <Stack align="center" py="10">
        <Spinner size="lg" color="brand.solid" />
        <Text>{t('common.loading')}</Text>
      </Stack>
    );
  }
  const status = (query.error as { status?: number } | null)?.status;
  if (status === 404 || status === 400) return <Notice>{t('store.notFound')}</Notice>;
  return (
    <Notice
      action={
        <Button size="lg" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </Button>
      }
    >
      {t('store.loadFailed')}
    </Notice>
  );
}

/** What a customer step is given once its store has loaded. */
export type TStoreStepProps = { store: TCustomerStore; storeId: string; kiosk: boolean };

/** A customer page whose body is one step for the store named by ?store= (kiosk flag from the journey). */
export function StoreStepPage({
  title,
  step: Step,
}: {
  title: string;
  step: ComponentType<TStoreStepProps>;
}) {
  const { kiosk } = useJourney();
  return (
    <CustomerPage title={title}>
      <WithStore>{(store, id) => <Step store={store} storeId={id} kiosk={kiosk} />}</WithStore>
    </CustomerPage>
  );
}
