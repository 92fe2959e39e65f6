// Kiosk-only: the store's review/social links as QR codes, so a shared tablet never opens a customer's own accounts.
import type { TCustomerStore } from '@cx/contracts';
import { encode } from 'uqr';
import type { TMessageKey } from '../i18n/messages';
import { useT } from '../i18n/use-t';

/** One SVG path of dark modules (with the quiet zone the encoder adds), crisp at any size. */
function QrSvg({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="cx-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

export default function KioskQrCodes({ links }: { links: TCustomerStore['socialLinks'] }) {
  const { t } = useT();
  return (
    <ul className="cx-grid cx-plain">
      {links.map(({ network, url }) => {
        const label = t(`network.${network}` as TMessageKey);
        return (
          <li key={network} className="cx-card cx-stack-sm cx-center">
            <QrSvg value={url} label={t('social.scanQr', { network: label })} />
            <span className="cx-strong">{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
