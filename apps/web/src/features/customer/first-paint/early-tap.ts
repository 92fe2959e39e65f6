// The app's side of the first paint: a tap made on the pre-painted screen before React ran opens its step in React's
// first pass, as the link would have; leaving /rate-staff that way still counts the visit that page counts.
import { paths } from '@/config/paths';
import { kioskMode } from '../api/journey';
import { navigate } from '../nav/nav';
import { countVisit } from '../routes/RateStaffPage';
import { starterOf } from './starter';

function open(href: string): void {
  const { pathname, search } = window.location;
  if (pathname.replace(/\/+$/, '') === paths.customer.rateStaff.path) {
    const params = new URLSearchParams(search);
    countVisit(params.get('store'), kioskMode(params));
  }
  navigate(href);
}

/** Call before React's first render: opens a tap already made, and takes any made before React's first commit. */
export function takeOverFirstPaint(): void {
  const starter = starterOf(window);
  if (!starter) return;
  starter.onTap = open;
  const tap = starter.tap;
  delete starter.tap;
  if (tap) open(tap);
}
