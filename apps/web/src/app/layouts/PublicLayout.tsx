// Marketing pages and /404: header with Contact us, Start free trial and Login (or the profile chip when signed in), footer with address
// and email. Plain markup and CSS (components/public-page.css): the landing page paints without Chakra's runtime.
import { lazy } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { WithApi } from '@/app/WithApi';
import { WithChakra } from '@/app/WithChakra';
import { Logo } from '@/components/Logo';
import { company } from '@/config/company';
import { APP_NAME, paths } from '@/config/paths';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import '@/components/public-page.css';

// Signed-in visitors only: the menu, Chakra and the API layer it uses stay off a stranger's landing page.
const AccountMenu = lazy(() =>
  import('@/features/auth/components/AccountMenu').then((m) => ({ default: m.AccountMenu })),
);

const avatarPlaceholder = <span className="pub-avatar-placeholder" aria-hidden="true" />;

function PublicHeader() {
  const { isSignedIn } = useSession();
  return (
    // Spec §9's 64/80 px are the header's whole height: its bottom border counts inside them.
    <header className="pub-header">
      <div className="pub-container">
        <div className="pub-header-row">
          <Logo to={paths.marketing.home.path} />
          <nav aria-label="Main" className="pub-nav">
            <RouterLink to={paths.marketing.contactUs.path} className="pub-nav-link">
              Contact us
            </RouterLink>
            {isSignedIn ? (
              <WithChakra fallback={avatarPlaceholder}>
                <WithApi fallback={avatarPlaceholder}>
                  <AccountMenu />
                </WithApi>
              </WithChakra>
            ) : (
              <>
                <button
                  type="button"
                  className="pub-btn pub-btn-solid"
                  onClick={() => authDialog.open('signup')}
                >
                  Start free trial
                </button>
                <button
                  type="button"
                  className="pub-btn pub-btn-outline"
                  onClick={() => authDialog.open('login')}
                >
                  Login
                </button>
              </>
            )}
          </nav>
        </div>
      </div>
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className="pub-footer">
      <div className="pub-container">
        <div className="pub-footer-cols">
          <div className="pub-footer-brand">
            <Logo to={paths.marketing.home.path} inverted />
            <p className="pub-footer-blurb">
              Reviews for every store and every shift, straight from your customers.
            </p>
          </div>
          <address className="pub-footer-address">
            {company.addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <a href={`mailto:${company.teamEmail}`} className="pub-footer-mail">
              {company.teamEmail}
            </a>
          </address>
          <nav aria-label="Footer" className="pub-footer-nav">
            <RouterLink to={paths.marketing.blogPosts.path} className="pub-footer-link">
              Blog
            </RouterLink>
            <RouterLink to={paths.marketing.contactUs.path} className="pub-footer-link">
              Contact us
            </RouterLink>
            <RouterLink to={paths.marketing.termsConditions.path} className="pub-footer-link">
              Terms &amp; Conditions
            </RouterLink>
          </nav>
        </div>
        <p className="pub-copyright">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="pub-page">
      <PublicHeader />
      <main className="pub-main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
