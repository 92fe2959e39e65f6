// Every change to a case: one history line on the case (what the case view shows) and one audit entry (who, in which role).
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import type { CaseDoc } from './case.model';

export interface CaseEvent {
  at: Date;
  /** A member's name, "System", "Customer", a staff first name. */
  actor: string;
  /** e.g. "opened", "assigned", "status", "escalated", "note", "reply", "answer", "recovery", "dispute". */
  action: string;
  summary: string;
}

/** The `$push` fragment that appends one history line (use in the same atomic update as the change it records). */
export const pushHistory = (event: CaseEvent) => ({ history: event });

/** The audit entry for a member's (or API key's) change to a case. */
export function auditCase(
  access: Access,
  doc: Pick<CaseDoc, '_id' | 'number' | 'store'>,
  action: string,
  summary: string,
  change: {
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    storeName?: string;
  } = {},
  at = new Date(),
): Promise<void> {
  return recordAudit(
    access,
    {
      kind: 'case',
      action: `case.${action}`,
      summary: `Case #${doc.number}: ${summary}`,
      store: { _id: doc.store, name: change.storeName ?? null },
      before: change.before ?? null,
      after: change.after ?? null,
    },
    at,
  );
}
