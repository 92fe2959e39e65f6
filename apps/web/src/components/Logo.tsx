// The CX Journey word mark, as a link (to /dashboard in the business area, to / elsewhere); plain CSS
// (components/public-page.css), so the public header paints without Chakra's runtime.
import { Link as RouterLink } from 'react-router';
import { APP_NAME } from '@/config/paths';
import '@/components/public-page.css';

export type TLogoProps = { to: string; inverted?: boolean };

export function Logo({ to, inverted = false }: TLogoProps) {
  return (
    // Named by its text ("CX Journey home"), not aria-label: axe's label-content-name-mismatch counts the "CX" badge
    // as visible text, which an aria-label would have to repeat.
    <RouterLink to={to} className={inverted ? 'pub-logo pub-logo-inverted' : 'pub-logo'}>
      <span className="pub-logo-row">
        <span className="pub-logo-badge" aria-hidden="true">
          CX
        </span>
        <span aria-hidden="true" className="pub-logo-word">
          {APP_NAME}
        </span>
        <span className="pub-sr">{`${APP_NAME} home`}</span>
      </span>
    </RouterLink>
  );
}
