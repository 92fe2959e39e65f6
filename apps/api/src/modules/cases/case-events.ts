// Cases as business events (webhooks `case.opened`, `case.resolved`): the case's facts, never the customer's contact details.
import { publishBusinessEvents, type BusinessEvent } from '../../lib/business-events';
import { logger } from '../../lib/logger';
import type { CaseDoc } from './case.model';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** What a case event carries: no email, phone, notes or conversation (those stay inside the product). */
export function caseEventData(doc: CaseDoc) {
  return {
    case: {
      _id: String(doc._id),
      number: doc.number,
      store: String(doc.store),
      rating: doc.rating ? String(doc.rating) : null,
      reason: doc.reason,
      summary: doc.summary,
      status: doc.status,
      priority: doc.priority,
      owner: doc.owner ? { _id: String(doc.owner), name: doc.ownerName ?? '' } : null,
      contactRequested: !!doc.contact,
      dueAt: iso(doc.dueAt),
      createdAt: iso(doc.createdAt),
      resolvedAt: iso(doc.resolvedAt),
      withinSla: doc.withinSla ?? null,
      rootCause: doc.rootCause ?? null,
    },
  };
}

/** The event; its id is stable per case (and per resolution), so a retried producer is delivered once. */
export function caseEvent(type: 'case.opened' | 'case.resolved', doc: CaseDoc, at: Date): BusinessEvent {
  const occurrence = type === 'case.resolved' ? `:${new Date(doc.resolvedAt ?? at).getTime()}` : '';
  return {
    id: `${type}:${String(doc._id)}${occurrence}`,
    type,
    business: String(doc.business),
    store: String(doc.store),
    at,
    data: caseEventData(doc),
  };
}

/** Publishes (awaited: a durable caller retries on failure). */
export const publishCaseEvent = (type: 'case.opened' | 'case.resolved', doc: CaseDoc, at = new Date()) =>
  publishBusinessEvents([caseEvent(type, doc, at)]);

/** After a member's change that has already happened: a failed publish is logged, not turned into an error. */
export function publishCaseEventLogged(type: 'case.opened' | 'case.resolved', doc: CaseDoc): Promise<void> {
  return publishCaseEvent(type, doc).catch((err: unknown) =>
    logger.error({ err: String(err), case: String(doc._id), type }, 'case event not published'),
  );
}
