// The lean QR entry (customer.html): React and the eight customer steps only; no Chakra, query library, zod or dashboard.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomerApp } from '@/features/customer/CustomerApp';
import { takeOverFirstPaint } from '@/features/customer/first-paint/early-tap';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in customer.html');

// The starter may have drawn the first screen already, and the customer may have tapped it: React starts from there.
takeOverFirstPaint();
createRoot(container).render(
  <StrictMode>
    <CustomerApp />
  </StrictMode>,
);
