// A team member the customer can tap to rate: photo (or initials), first name and role; the whole card is the target.
import type { TCustomerStaff } from '@cx/contracts';
import { useT } from '../i18n/use-t';
import { Link } from '../nav/nav';
import { ResponsiveImage } from './ResponsiveImage';

export function StaffAvatar({ member, size = 72 }: { member: TCustomerStaff; size?: number }) {
  const className = `cx-avatar${size > 80 ? ' cx-avatar-lg' : ''}`;
  if (member.photo) {
    return (
      <ResponsiveImage
        url={member.photo}
        cssWidth={size}
        width={size}
        height={size}
        className={className}
        loading="lazy"
        decoding="async"
      />
    );
  }
  // The initial is drawn by CSS (content: attr(data-initial)): decoration, so it is not part of the card's text.
  return (
    <span
      aria-hidden="true"
      className={`${className} cx-initial`}
      data-initial={member.firstName.slice(0, 1).toUpperCase()}
    />
  );
}

export function StaffCard({ member, to }: { member: TCustomerStaff; to: string }) {
  const { t } = useT();
  return (
    <Link
      to={to}
      className="cx-card cx-staff"
      aria-label={t('staff.rate', { name: member.firstName, role: member.role || '—' })}
    >
      <StaffAvatar member={member} />
      <span className="cx-strong cx-lg">{member.firstName}</span>
      {/* A space between name and role: their visible text reads "Olivia Barista", as the accessible name has it. */}{' '}
      {member.role ? <span className="cx-muted cx-sm">{member.role}</span> : null}
    </Link>
  );
}
