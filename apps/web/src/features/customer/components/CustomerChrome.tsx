// Mounted once by the customer layout: keeps the outbox sending across steps and shows its state.
import { useOutboxPump } from '../api/outbox-client';
import { SendStatus } from './SendStatus';

export function CustomerChrome() {
  useOutboxPump();
  return <SendStatus />;
}
