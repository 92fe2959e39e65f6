// The chain's logo beside the "100% Anonymous!" header, and the header's colours from the chain's brand: the text colour
// is the one the API picked to contrast with the brand colour, so any colour an owner picks stays readable.
import type { CSSProperties } from 'react';
import type { TCustomerStore } from '@cx/contracts';
import { useCustomerStore } from '../api/customer-store';
import { useSearchParams } from '../nav/nav';
import { ResponsiveImage } from './ResponsiveImage';

/** The store's brand, once its details are known (none before, or for a store whose chain set none). */
export function useStoreBrand(): TCustomerStore['brand'] {
  const search = useSearchParams();
  return useCustomerStore(search.get('store')).store?.brand;
}

/** Inline colours for the header: the brand colour with its readable text colour, or the page's own. */
export function brandHeaderStyle(brand: TCustomerStore['brand']): CSSProperties | undefined {
  return brand?.color && brand.textColor ? { background: brand.color, color: brand.textColor } : undefined;
}

export function BrandLogo({ brand }: { brand: TCustomerStore['brand'] }) {
  if (!brand?.logo) return null;
  return (
    <ResponsiveImage
      url={brand.logo}
      cssWidth={120}
      alt=""
      className="cx-brand-logo"
      data-testid="brand-logo"
    />
  );
}
