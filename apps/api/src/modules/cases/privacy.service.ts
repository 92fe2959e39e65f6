// Data-subject requests: everything held for one email or phone in the caller's business, exported or erased (audited).
import type { TSubjectExport, TSubjectQuery } from '@cx/contracts';
import { ZSubjectQuerySchema } from '@cx/contracts';
import { scopeFilter, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { StoreModel } from '../stores/store.model';
import { CaseModel, type CaseDoc } from './case.model';
import { maskEmail, maskPhone } from './case-present';
import { eraseContactRequests } from './contact-erase';
import { ContactRequestModel, type ContactRequestDoc } from './contact.model';
import { phoneDigitsOf } from '../feedback/contact-intake';

type Subject = { email: string | null; phoneDigits: string | null; phone: string | null };

function subjectOf(input: TSubjectQuery): Subject {
  const q = ZSubjectQuerySchema.parse(input);
  return { email: q.email ?? null, phone: q.phone ?? null, phoneDigits: phoneDigitsOf(q.phone) };
}

/** The subject as the audit log may show it: never the raw address or number. */
const maskedSubject = (s: Subject) =>
  [s.email ? maskEmail(s.email) : null, s.phone ? maskPhone(s.phone) : null].filter(Boolean).join(' / ');

/** The subject's requests in this business (and the caller's stores), matched by email or by the phone's digits. */
async function requestsOf(access: Access, s: Subject): Promise<ContactRequestDoc[]> {
  const or: Record<string, unknown>[] = [];
  if (s.email) or.push({ email: s.email });
  if (s.phoneDigits) or.push({ phoneDigits: s.phoneDigits });
  return ContactRequestModel.find({ ...scopeFilter(access), erasedAt: null, $or: or })
    .sort({ createdAt: 1 })
    .lean<ContactRequestDoc[]>();
}

export async function exportSubject(
  access: Access,
  input: TSubjectQuery,
  now = new Date(),
): Promise<TSubjectExport> {
  const s = subjectOf(input);
  const requests = await requestsOf(access, s);
  const ids = requests.map((r) => r._id);
  const [ratings, cases, stores] = await Promise.all([
    RatingModel.find(
      { _id: { $in: requests.map((r) => r.rating) } },
      { score: 1, comment: 1, tags: 1, createdAt: 1 },
    ).lean<RatingDoc[]>(),
    CaseModel.find({ contact: { $in: ids } }, { number: 1, contact: 1, messages: 1 }).lean<CaseDoc[]>(),
    StoreModel.find({ _id: { $in: requests.map((r) => r.store) } }, { name: 1 }).lean(),
  ]);
  const ratingBy = new Map(ratings.map((r) => [String(r._id), r]));
  const caseBy = new Map(cases.map((c) => [String(c.contact), c]));
  const storeBy = new Map(stores.map((st) => [String(st._id), st.name]));
  await recordAudit(
    access,
    {
      kind: 'privacy',
      action: 'privacy.export',
      summary: `Exported what is held for ${maskedSubject(s)} (${requests.length} contact request${requests.length === 1 ? '' : 's'})`,
      after: { records: requests.length },
    },
    now,
  );
  return {
    subject: { email: s.email, phone: s.phone },
    exportedAt: now.toISOString(),
    records: requests.map((r) => {
      const rating = ratingBy.get(String(r.rating));
      const c = caseBy.get(String(r._id));
      return {
        caseId: c ? String(c._id) : null,
        caseNumber: c?.number ?? null,
        store: storeBy.get(String(r.store)) ?? '',
        contact: { email: r.email ?? null, phone: r.phone ?? null, consentAt: r.consentAt.toISOString() },
        rating: rating
          ? {
              score: rating.score,
              comment: rating.comment ?? '',
              tags: [...(rating.tags ?? [])],
              at: rating.createdAt.toISOString(),
            }
          : null,
        messages: (c?.messages ?? []).map((m) => ({ from: m.from, text: m.text, at: m.at.toISOString() })),
      };
    }),
  };
}

export async function eraseSubject(
  access: Access,
  input: TSubjectQuery,
  now = new Date(),
): Promise<{ erased: number }> {
  const s = subjectOf(input);
  const requests = await requestsOf(access, s);
  const erased = await eraseContactRequests(
    requests.map((r) => r._id),
    now,
    'request',
  );
  await recordAudit(
    access,
    {
      kind: 'privacy',
      action: 'privacy.erase',
      summary: `Erased the contact details of ${maskedSubject(s)} (${erased} contact request${erased === 1 ? '' : 's'})`,
      after: { erased },
    },
    now,
  );
  return { erased };
}
