// A QR code as one SVG path of dark modules on white (with its quiet zone): crisp at any size, no image request.
import { encode } from 'uqr';

export function QrCode({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const { data, size: modules } = encode(value, { border: 2 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
