// Test helper: the lean QR entry's app at a URL (jsdom's real history), with no store loaded yet.
import { render } from '@testing-library/react';
import { CustomerApp } from '../CustomerApp';
import { resetCustomerStores } from '../api/customer-store';

export function renderCustomer(url: string) {
  resetCustomerStores();
  window.history.replaceState(null, '', url);
  return render(<CustomerApp />);
}
