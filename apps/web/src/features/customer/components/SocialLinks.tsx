// The store's review and social links, offered to every customer whatever they rated; each click is counted.
import type { TCustomerStore } from '@cx/contracts';
import { lazy, Suspense } from 'react';
import { newKey, sourceOf } from '../api/journey';
import { getOutbox } from '../api/outbox-client';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';
import { Link } from '../nav/nav';

// Only kiosks show QR codes: phones never download the QR encoder.
const KioskQrCodes = lazy(() => import('./KioskQrCodes'));

export type TSocialLinksProps = {
  store: TCustomerStore;
  storeId: string;
  kiosk: boolean;
  intro: string;
  doneHref: string;
  doneLabel: string;
};

export function SocialLinks({ store, storeId, kiosk, intro, doneHref, doneLabel }: TSocialLinksProps) {
  const { t } = useT();
  // Counted through the outbox, so the click is not lost when the tab switches to the review site mid-request.
  const countClick = (network: string) =>
    void getOutbox().submit('socialClick', { store: storeId, network, source: sourceOf(kiosk) }, newKey());
  return (
    <div className="cx-stack">
      <p className="cx-center cx-lg">{intro}</p>
      {kiosk ? <p className="cx-center cx-muted">{t('social.kiosk')}</p> : null}
      {store.socialLinks.length === 0 ? <p className="cx-center">{t('social.none')}</p> : null}
      {kiosk ? (
        <Suspense fallback={<span className="cx-spinner cx-self-center" aria-hidden="true" />}>
          <KioskQrCodes links={store.socialLinks} />
        </Suspense>
      ) : (
        store.socialLinks.map(({ network, url }) => (
          <a
            key={network}
            className="cx-btn cx-btn-outline cx-btn-xl"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => countClick(network)}
          >
            {t(`network.${network}` as TMessageKey)}
            <span className="cx-sr">{t('social.opensNewTab')}</span>
          </a>
        ))
      )}
      <Link className="cx-btn cx-btn-ghost" to={doneHref}>
        {doneLabel}
      </Link>
    </div>
  );
}
