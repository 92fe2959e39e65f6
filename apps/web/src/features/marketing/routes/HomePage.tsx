// / : the marketing landing and sign-in entry: hero with the tagline, "Start free trial" and Login, what the product does,
// then the plans and what the price covers. Plain markup and CSS (components/public-page.css): the page most people
// open paints without Chakra's runtime.
import type { IconType } from 'react-icons';
import { LuChartColumn, LuMessageSquareHeart, LuQrCode, LuTrophy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { APP_NAME, TAGLINE, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { authDialog } from '@/lib/auth-dialog';
import { useSession } from '@/lib/session';
import '@/components/public-page.css';
import { PricingSection } from '../components/PricingSection';

type TFeature = { icon: IconType; title: string; text: string };

const FEATURES: TFeature[] = [
  {
    icon: LuQrCode,
    title: 'Scan and rate',
    text: 'Customers scan a QR code in store and rate your staff anonymously.',
  },
  { icon: LuTrophy, title: 'League tables', text: 'See which staff and stores your customers love most.' },
  {
    icon: LuChartColumn,
    title: 'Live analytics',
    text: 'A snapshot of every store, every shift, every day.',
  },
  {
    icon: LuMessageSquareHeart,
    title: 'Feedback timeline',
    text: 'Read what customers say the moment they say it.',
  },
];

function HeroCard() {
  const rows = [
    ['Store League Table', '4.8'],
    ['Staff on Shift', '12'],
    ['CX Feedback today', '37'],
  ] as const;
  return (
    <div className="home-card" aria-hidden="true">
      <p className="home-card-kicker">Snapshot</p>
      <h2 className="home-card-title">This week across your stores</h2>
      <div className="home-card-rows">
        {rows.map(([label, value]) => (
          <div key={label} className="home-card-row">
            <p className="home-card-label">{label}</p>
            <p className="home-card-value">{value}</p>
          </div>
        ))}
      </div>
    </div>
  );
}

export function HomePage() {
  useDocumentTitle(TAGLINE);
  const { isSignedIn } = useSession();
  return (
    <>
      <div className="home-hero">
        <div className="pub-container">
          <div className="home-hero-row">
            <div className="home-hero-text">
              <span className="home-badge">{APP_NAME}</span>
              <h1 className="home-title">{TAGLINE}</h1>
              <p className="home-lead">
                Anonymous customer reviews for every store and every member of staff, with the analytics to
                act on them.
              </p>
              <div className="home-actions">
                {isSignedIn ? (
                  <RouterLink to={paths.business.dashboard.path} className="pub-btn pub-btn-lg pub-btn-white">
                    Go to dashboard
                  </RouterLink>
                ) : (
                  <>
                    <button
                      type="button"
                      className="pub-btn pub-btn-lg pub-btn-white"
                      onClick={() => authDialog.open('signup')}
                    >
                      Start free trial
                    </button>
                    <button
                      type="button"
                      className="pub-btn pub-btn-lg pub-btn-ghost-white"
                      onClick={() => authDialog.open('login')}
                    >
                      Login
                    </button>
                  </>
                )}
                <a href="#pricing" className="pub-btn pub-btn-lg pub-btn-ghost-white">
                  Pricing
                </a>
              </div>
            </div>
            <HeroCard />
          </div>
        </div>
      </div>
      <section aria-labelledby="features-title" className="home-features">
        <div className="pub-container">
          <h2 id="features-title" className="home-features-title">
            Everything you need to see your customers’ experience
          </h2>
          <div className="home-grid">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="home-feature">
                <div className="home-feature-icon" aria-hidden="true">
                  <Icon />
                </div>
                <h3 className="home-feature-title">{title}</h3>
                <p className="home-feature-text">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <PricingSection />
    </>
  );
}
