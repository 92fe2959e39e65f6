// The lean QR entry's whole app: the public header ("100% Anonymous!"), the step for the current path, the outbox chrome.
import { useState, type ComponentType } from 'react';
import { APP_NAME, paths, TAGLINE } from '@/config/paths';
import { isPreviewSession } from '@/lib/preview';
import { AnonymousHeadline } from './components/BrandMark';
import { CustomerChrome } from './components/CustomerChrome';
import { StoreBadge } from './components/StoreBadge';
import { useT } from './i18n/use-t';
import { Navigate, useLocation } from './nav/nav';
import { AfterScanExperiencePage } from './routes/AfterScanExperiencePage';
import { AfterScanPage } from './routes/AfterScanPage';
import { AfterScanThanksPage } from './routes/AfterScanThanksPage';
import { RateExperiencePage } from './routes/RateExperiencePage';
import { RateStaffPage } from './routes/RateStaffPage';
import { SocialMediaPage } from './routes/SocialMediaPage';
import { ThanksPage } from './routes/ThanksPage';
import { VisitSocialMediaPage } from './routes/VisitSocialMediaPage';

const { customer } = paths;

/** The eight steps, by path (spec §2); the server sends this entry's HTML for exactly these paths. */
export const CUSTOMER_PAGES: Record<string, ComponentType> = {
  [customer.rateStaff.path]: RateStaffPage,
  [customer.afterScan.path]: AfterScanPage,
  [customer.rateExperience.path]: RateExperiencePage,
  [customer.afterScanExperience.path]: AfterScanExperiencePage,
  [customer.visitSocialMedia.path]: VisitSocialMediaPage,
  [customer.socialMedia.path]: SocialMediaPage,
  [customer.thanks.path]: ThanksPage,
  [customer.afterScanThanks.path]: AfterScanThanksPage,
};

/** The owner's "Preview as a customer" tab says so on every step (the outbox sends nothing from it). */
function PreviewBanner() {
  const { t } = useT();
  const { search } = useLocation();
  const [preview] = useState(() => isPreviewSession(search));
  return preview ? (
    <p className="cx-preview" role="note" data-testid="preview-banner">
      {t('preview.banner')}
    </p>
  ) : null;
}

export function CustomerApp() {
  const { pathname } = useLocation();
  const Page = CUSTOMER_PAGES[pathname.replace(/\/+$/, '') || '/'];
  return (
    <div className="cx-page">
      <PreviewBanner />
      <header className="cx-header">
        <div className="cx-wrap">
          <p className="cx-app-name">{APP_NAME}</p>
          <AnonymousHeadline />
          <p className="cx-tagline">{TAGLINE}</p>
          <StoreBadge />
        </div>
      </header>
      <main className="cx-main">
        <div className="cx-wrap">{Page ? <Page /> : <Navigate to={paths.notFound.path} />}</div>
      </main>
      <CustomerChrome />
    </div>
  );
}
