// The public header's store: image and name looked up from the ?store= parameter (spec §1), nothing if there is none.
import { useCustomerStore } from '../api/customer-store';
import { useSearchParams } from '../nav/nav';
import { ResponsiveImage } from './ResponsiveImage';

export function StoreBadge() {
  const search = useSearchParams();
  const { store } = useCustomerStore(search.get('store'));
  if (!store) return null;
  return (
    <div className="cx-badge">
      {store.image ? (
        <ResponsiveImage
          url={store.image}
          cssWidth={48}
          width={48}
          height={48}
          alt={store.name}
          className="cx-badge-img"
        />
      ) : null}
      <span className="cx-strong cx-lg" data-testid="header-store-name">
        {store.name}
      </span>
    </div>
  );
}
