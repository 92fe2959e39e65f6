// Stored alerts as business events (webhooks): alert.fired, or visit_allowance.reached for the allowance alert.
import { publishBusinessEvents, type BusinessEvent } from '../../lib/business-events';
import { logger } from '../../lib/logger';

interface StoredAlert {
  _id: unknown;
  business: unknown;
  type: string;
  text: string;
  createdAt: Date;
  key?: string | null;
  rule?: unknown;
  user?: unknown;
}

function eventOf(doc: StoredAlert, store: unknown): BusinessEvent {
  const base = { business: String(doc.business), store: store ? String(store) : null, at: doc.createdAt };
  if (doc.type === 'visit-allowance' && doc.key) {
    // The key is `<rule>:<window start>:<percent>`: one business event per threshold, whichever member's rule sent it.
    const [, from, percent] = doc.key.split(':');
    return {
      ...base,
      id: `visit_allowance.reached:${String(doc.business)}:${from}:${percent}`,
      type: 'visit_allowance.reached',
      data: { windowStart: from, percent: Number(percent), message: doc.text },
    };
  }
  return {
    ...base,
    id: `alert.fired:${String(doc._id)}`,
    type: 'alert.fired',
    data: {
      alert: {
        _id: String(doc._id),
        type: doc.type,
        rule: doc.rule ? String(doc.rule) : null,
        member: doc.user ? String(doc.user) : null,
        message: doc.text,
      },
    },
  };
}

/** Publishes stored alerts; a failure is logged, never undoes the alert (the bell and email have it). */
export async function publishAlerts(alerts: { doc: StoredAlert; store?: unknown }[]): Promise<void> {
  await publishBusinessEvents(alerts.map((a) => eventOf(a.doc, a.store))).catch((err: unknown) =>
    logger.error({ err: String(err) }, 'alert events not published'),
  );
}
