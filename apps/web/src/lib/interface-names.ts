// The three customer interfaces by what they do; the wire keeps the spec's names interface1–3 (spec §3, §5).
import { INTERFACE_KEYS, type TInterfaceKey, type TStoreInterfaces } from '@cx/contracts';

export const INTERFACE_NAMES: Record<TInterfaceKey, { title: string; description: string }> = {
  interface1: { title: 'Rate staff', description: 'Customers rate the person who served them.' },
  interface2: { title: 'Rate the experience', description: 'Customers rate their visit as a whole.' },
  interface3: {
    title: 'Review and social links',
    description: 'Customers are invited to review you on Google and follow you on social media.',
  },
};

/** What a store's customers can do, in one line: "Rate staff · Rate the experience", or that feedback is off. */
export function interfacesSummary(interfaces: TStoreInterfaces): string {
  const on = INTERFACE_KEYS.filter((k) => interfaces[k].status).map((k) => INTERFACE_NAMES[k].title);
  return on.length ? on.join(' · ') : 'Feedback turned off';
}
