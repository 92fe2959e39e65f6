// A case as it goes on the wire: names looked up, the customer's contact masked for roles without `cases:contact`.
import type { TCase, TCaseContact, TCaseDetail } from '@cx/contracts';
import type { Types } from 'mongoose';
import type { Access } from '../../tenancy/access';
import { RatingModel } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { StoreModel } from '../stores/store.model';
import { caseAbilities, seesContact } from './case-access';
import type { CaseDoc } from './case.model';
import { ContactRequestModel, type ContactRequestDoc } from './contact.model';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** "jane@example.com" → "j•••@e•••.com". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}

/** "+44 7700 900123" → "•••• •••123". */
export const maskPhone = (phone: string): string => `•••• •••${phone.replace(/\D/g, '').slice(-3)}`;

export function presentContact(
  contact: ContactRequestDoc | null | undefined,
  full: boolean,
): TCaseContact | null {
  if (!contact) return null;
  if (contact.erasedAt) return { email: null, phone: null, masked: false, erased: true };
  return {
    email: contact.email ? (full ? contact.email : maskEmail(contact.email)) : null,
    phone: contact.phone ? (full ? contact.phone : maskPhone(contact.phone)) : null,
    masked: !full,
    erased: false,
  };
}

type Lookups = {
  stores: Map<string, string>;
  ratings: Map<string, Awaited<ReturnType<typeof loadRatings>>[number]>;
  staff: Map<string, string>;
  contacts: Map<string, ContactRequestDoc>;
};

const loadRatings = (ids: Types.ObjectId[]) =>
  RatingModel.find(
    { _id: { $in: ids } },
    { kind: 1, score: 1, comment: 1, tags: 1, staff: 1, createdAt: 1 },
  ).lean<
    {
      _id: Types.ObjectId;
      kind: 'staff' | 'experience';
      score: number;
      comment?: string;
      tags?: string[];
      staff?: Types.ObjectId | null;
      createdAt: Date;
    }[]
  >();

/** One read per collection for a page of cases. */
async function lookups(docs: CaseDoc[]): Promise<Lookups> {
  const ids = <T>(pick: (d: CaseDoc) => T | null | undefined) => [
    ...new Map(
      docs
        .map(pick)
        .filter((v): v is T => !!v)
        .map((v) => [String(v), v]),
    ).values(),
  ];
  const [stores, ratings, contacts] = await Promise.all([
    StoreModel.find({ _id: { $in: ids((d) => d.store) } }, { name: 1 }).lean(),
    loadRatings(ids((d) => d.rating) as Types.ObjectId[]),
    ContactRequestModel.find({ _id: { $in: ids((d) => d.contact) } }).lean<ContactRequestDoc[]>(),
  ]);
  const staffIds = [
    ...new Set(
      ratings
        .map((r) => r.staff)
        .filter(Boolean)
        .map(String),
    ),
  ];
  const staff = staffIds.length ? await StaffModel.find({ _id: { $in: staffIds } }, { name: 1 }).lean() : [];
  return {
    stores: new Map(stores.map((s) => [String(s._id), s.name])),
    ratings: new Map(ratings.map((r) => [String(r._id), r])),
    staff: new Map(staff.map((s) => [String(s._id), s.name])),
    contacts: new Map(contacts.map((c) => [String(c._id), c])),
  };
}

function toCase(doc: CaseDoc, l: Lookups, access: Access, now: Date): TCase {
  const rating = doc.rating ? l.ratings.get(String(doc.rating)) : undefined;
  const open = doc.status === 'new' || doc.status === 'in_progress' || doc.status === 'waiting';
  return {
    _id: String(doc._id),
    number: doc.number,
    store: { _id: String(doc.store), name: l.stores.get(String(doc.store)) ?? 'Deleted store' },
    rating: rating
      ? {
          _id: String(rating._id),
          kind: rating.kind,
          score: rating.score,
          comment: rating.comment ?? '',
          tags: rating.tags ?? [],
          staff: rating.staff
            ? { _id: String(rating.staff), name: l.staff.get(String(rating.staff)) ?? 'Former staff' }
            : null,
          createdAt: new Date(rating.createdAt).toISOString(),
        }
      : null,
    reason: doc.reason,
    summary: doc.summary,
    status: doc.status,
    priority: doc.priority,
    owner: doc.owner ? { _id: String(doc.owner), name: doc.ownerName ?? 'Former member' } : null,
    dueAt: new Date(doc.dueAt).toISOString(),
    overdue: open && new Date(doc.dueAt).getTime() < now.getTime(),
    escalationLevel: doc.escalationLevel ?? 0,
    rootCause: doc.rootCause ?? null,
    action: doc.action ?? null,
    contact: presentContact(doc.contact ? l.contacts.get(String(doc.contact)) : null, seesContact(access)),
    firstResponseAt: iso(doc.firstResponseAt),
    resolvedAt: iso(doc.resolvedAt),
    closedAt: iso(doc.closedAt),
    recovered: doc.recovered ?? null,
    dispute: doc.dispute ?? 'none',
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A page of the inbox. */
export async function presentCases(docs: CaseDoc[], access: Access, now = new Date()): Promise<TCase[]> {
  const l = await lookups(docs);
  return docs.map((d) => toCase(d, l, access, now));
}

/** The case view: the case with notes, conversation, history and what the caller may do. */
export async function presentCaseDetail(
  doc: CaseDoc,
  access: Access,
  now = new Date(),
): Promise<TCaseDetail> {
  const [item] = await presentCases([doc], access, now);
  return {
    ...item!,
    notes: (doc.notes ?? []).map((n) => ({
      _id: String(n._id),
      author: { _id: String(n.author), name: n.authorName },
      text: n.text,
      at: new Date(n.at).toISOString(),
    })),
    messages: (doc.messages ?? []).map((m) => ({
      _id: String(m._id),
      from: m.from,
      author: m.author,
      channel: m.channel,
      text: m.text,
      at: new Date(m.at).toISOString(),
      delivered: m.delivered ?? null,
    })),
    history: (doc.history ?? []).map((h) => ({
      at: new Date(h.at).toISOString(),
      actor: h.actor,
      action: h.action,
      summary: h.summary,
    })),
    can: caseAbilities(access),
  };
}
