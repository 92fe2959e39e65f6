// The order of the customer steps and where each one leads: disabled interfaces are skipped, the social step is
// offered to everyone whatever they rated (no review gating), and kiosks end on the countdown thanks page.
import type { TCustomerStore } from '@cx/contracts';
import { paths } from '@/config/paths';

export type TStep = 'staff' | 'experience' | 'social' | 'thanks';
type TInterfacesAndLinks = Pick<TCustomerStore, 'interfaces' | 'socialLinks'>;

const ORDER: TStep[] = ['staff', 'experience', 'social', 'thanks'];

function enabled(step: TStep, store: TInterfacesAndLinks): boolean {
  if (step === 'staff') return store.interfaces.staff;
  if (step === 'experience') return store.interfaces.experience;
  // A social step with nothing to click would be an empty page.
  if (step === 'social') return store.interfaces.social && store.socialLinks.length > 0;
  return true;
}

/** The first enabled step at or after `from`. */
export function stepFrom(from: TStep, store: TInterfacesAndLinks): TStep {
  return ORDER.slice(ORDER.indexOf(from)).find((s) => enabled(s, store)) ?? 'thanks';
}

export function nextStep(after: Exclude<TStep, 'thanks'>, store: TInterfacesAndLinks): TStep {
  return stepFrom(ORDER[ORDER.indexOf(after) + 1]!, store);
}

export type TStepContext = {
  storeId: string;
  /** Or how to find out: only the thanks step depends on it (the first paint reads storage only if it must). */
  kiosk: boolean | (() => boolean);
  /** a rating was made on the way here */ rated?: boolean;
};

export function hrefOf(step: TStep, { storeId, kiosk, rated = true }: TStepContext): string {
  const q = `?${new URLSearchParams({ store: storeId }).toString()}`;
  switch (step) {
    case 'staff':
      return paths.customer.rateStaff.path + q;
    case 'experience':
      return paths.customer.rateExperience.path + q;
    case 'social':
      return (rated ? paths.customer.visitSocialMedia.path : paths.customer.socialMedia.path) + q;
    case 'thanks':
      return (
        ((typeof kiosk === 'function' ? kiosk() : kiosk)
          ? paths.customer.thanks.path
          : paths.customer.afterScanThanks.path) + q
      );
  }
}

export function withParams(path: string, params: Record<string, string>): string {
  return `${path}?${new URLSearchParams(params).toString()}`;
}
