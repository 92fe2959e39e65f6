// Device ids for tests that act as customers' browsers: one call, one browser.
import { randomUUID } from 'node:crypto';

/** A fresh device id as a customer's browser would hold it. */
export function newDeviceId(): string {
  return randomUUID();
}
