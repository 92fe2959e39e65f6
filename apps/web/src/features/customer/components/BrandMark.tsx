// The "100% Anonymous!" header line with the chain's logo beside it, on the chain's colour: the text colour is the one the
// API picked to contrast with that colour, so any colour an owner picks stays readable. A leaf of its own (like
// StoreBadge), so the store's answer re-renders only this line, never the step below it.
import type { CSSProperties } from 'react';
import type { TCustomerStore } from '@cx/contracts';
import { ANONYMOUS_HEADLINE } from '@/config/paths';
import { useCustomerStore } from '../api/customer-store';
import { useSearchParams } from '../nav/nav';
import { ResponsiveImage } from './ResponsiveImage';

/** Inline colours for the line: the brand colour with its readable text colour, or the header's own. */
export function brandStyle(brand: TCustomerStore['brand']): CSSProperties | undefined {
  return brand?.color && brand.textColor ? { background: brand.color, color: brand.textColor } : undefined;
}

export function AnonymousHeadline() {
  const search = useSearchParams();
  const brand = useCustomerStore(search.get('store')).store?.brand;
  const style = brandStyle(brand);
  return (
    <div
      className={style ? 'cx-anon-row cx-anon-branded' : 'cx-anon-row'}
      style={style}
      data-testid="anon-row"
    >
      {brand?.logo ? (
        <ResponsiveImage
          url={brand.logo}
          cssWidth={120}
          alt=""
          className="cx-brand-logo"
          data-testid="brand-logo"
        />
      ) : null}
      <p className="cx-anon">{ANONYMOUS_HEADLINE}</p>
    </div>
  );
}
