// The frame of every customer step: the page's h1 and title, and the shared loading / not-found / offline states.
import type { TCustomerStore } from '@cx/contracts';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { APP_NAME } from '@/config/paths';
import { useCustomerStore } from '../api/customer-store';
import { useJourney } from '../api/use-journey';
import { useT } from '../i18n/use-t';

export function CustomerPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="cx-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

function Notice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="cx-stack cx-center cx-notice">
      <p className="cx-lg">{children}</p>
      {action}
    </div>
  );
}

/**
 * Renders `children(store, storeId)` once the store named by ?store= is loaded, and otherwise says why not:
 * no parameter, unknown store, or no connection (with a retry).
 */
export function WithStore({ children }: { children: (store: TCustomerStore, storeId: string) => ReactNode }) {
  const { t } = useT();
  const { storeId } = useJourney();
  const { store, state, valid, retry } = useCustomerStore(storeId);
  if (!valid) return <Notice>{t('store.missing')}</Notice>;
  if (store) return <>{children(store, storeId!)}</>;
  if (state.status === 'loading') {
    return (
      <div className="cx-stack cx-center cx-notice">
        <span className="cx-spinner" aria-hidden="true" />
        <p>{t('common.loading')}</p>
      </div>
    );
  }
  if (state.errorStatus === 404 || state.errorStatus === 400) return <Notice>{t('store.notFound')}</Notice>;
  return (
    <Notice
      action={
        <button type="button" className="cx-btn" onClick={retry}>
          {t('common.tryAgain')}
        </button>
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
