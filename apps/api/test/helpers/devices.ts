// Device ids for tests that act as customers' browsers: one call, one browser (a real id the server signed).
import { issueDeviceId } from '../../src/modules/feedback/device-id';

/** A fresh device id as a customer's browser holds it after POST /feedback/device. */
export function newDeviceId(): string {
  return issueDeviceId();
}
