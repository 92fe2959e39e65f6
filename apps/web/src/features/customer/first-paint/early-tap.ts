// The app's side of the first paint: a tap made on the pre-painted screen before React ran opens its step in React's
// first pass, as the link would have; leaving /rate-staff before React still counts the visit that page counts.
import { paths } from '@/config/paths';
import { kioskMode } from '../api/journey';
import { navigate } from '../nav/nav';
import { countVisit } from '../routes/RateStaffPage';
import { adoptDrawnScreen } from './draft';
import { starterOf } from './starter';

const isRateStaff = (pathname: string) => pathname.replace(/\/+$/, '') === paths.customer.rateStaff.path;

/** Counts the visit of a /rate-staff page being left before RateStaffPage has rendered (and so counted it). */
function countIfRateStaff({ pathname, search }: { pathname: string; search: string }): void {
  if (!isRateStaff(pathname)) return;
  const params = new URLSearchParams(search);
  countVisit(params.get('store'), kioskMode(params));
}

function open(href: string): void {
  countIfRateStaff(window.location);
  navigate(href);
}

/** Call before React's first render: opens a tap already made, and takes any made before React's first commit. */
export function takeOverFirstPaint(): void {
  const starter = starterOf(window);
  if (!starter) return;
  adoptDrawnScreen(starter.screen);
  // The first paint may already have moved on from the page the customer landed on.
  if (starter.from && !isRateStaff(window.location.pathname))
    countIfRateStaff(new URL(starter.from, window.location.href));
  starter.onTap = open;
  const tap = starter.tap;
  delete starter.tap;
  if (tap) open(tap);
}
