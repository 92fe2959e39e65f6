// The lean QR entry (customer.html): React and the eight customer steps only; no Chakra, query library, zod or dashboard.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from '@/features/customer/CustomerApp';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in customer.html');

createRoot(container).render(
  <StrictMode>
    <CustomerApp />
  </StrictMode>,
);
