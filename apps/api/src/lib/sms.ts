// Text messages to customers: an adapter interface; no provider is built in, so a business without one cannot send SMS.

export interface SmsSender {
  /** Hands one message to the provider; throws when the provider refuses it. */
  send(to: string, text: string): Promise<void>;
}

/** Finds the sender a business configured (null: SMS is not set up for it). */
export type SmsProvider = (businessId: string) => SmsSender | null | Promise<SmsSender | null>;

let provider: SmsProvider = () => null;

/** Installs the provider look-up (an integration module at start-up; tests install a recording one). */
export function setSmsProvider(next: SmsProvider | null): void {
  provider = next ?? (() => null);
}

/** The business's SMS sender, or null when it has not set one up. */
export async function smsSenderFor(businessId: string): Promise<SmsSender | null> {
  return provider(businessId);
}
