// Cases opened automatically: a rating reaction (1–2★ with a comment, a contact request) and rules with "open a case", registered at start-up.
import type { TCasePriority, TCaseReason } from '@cx/contracts';
import type { Types } from 'mongoose';
import { batchedRead } from '../../lib/coalesce';
import { logger } from '../../lib/logger';
import { onRatingAccepted, type RatingAccepted } from '../feedback/rating-accepted';
import { onRuleFired } from '../notifications/rule-fired';
import { publishCaseEvent } from './case-events';
import { openCase } from './case-open';
import { caseSettingsOf } from './case-settings';
import { ContactRequestModel } from './contact.model';

/** What a rule-opened case says it is about (rules carry no name of their own). */
const RULE_SUMMARIES: Record<string, string> = {
  'low-rating': 'Low rating alert',
  'low-share-window': 'Many low ratings',
  'staff-average': 'Staff average falling',
  'flagged-burst': 'Possible gaming',
  keyword: 'Keyword or theme mentioned',
};

/** Contact requests are offered at 1–3★ only: a higher rating costs this reaction no read at all. */
const CONTACT_MAX_SCORE = 3;

const priorityOf = (score: number, contact: boolean): TCasePriority =>
  contact || score <= 1 ? 'high' : 'normal';

async function contactOf(event: RatingAccepted) {
  if (event.rating.score > CONTACT_MAX_SCORE) return null;
  // concurrent ratings' look-ups share one read
  return batchedRead('contact-of-rating', String(event.rating._id), async (ids) => {
    const found = await ContactRequestModel.find({ rating: { $in: ids } }, { _id: 1, rating: 1 }).lean();
    return new Map(found.map((c) => [String(c.rating), { _id: c._id }]));
  });
}

/** Opens (or finds, on a retry) the rating's case and publishes `case.opened` (deduplicated by the case's id). */
async function open(
  event: RatingAccepted,
  o: {
    reason: TCaseReason;
    summary: string;
    contact: boolean;
    contactId?: Types.ObjectId;
    rule?: Types.ObjectId;
  },
): Promise<void> {
  const { rating, store } = event;
  const { doc } = await openCase({
    business: store.business,
    store: store._id,
    rating: { _id: rating._id, staff: rating.staff ?? null },
    reason: o.reason,
    summary: o.summary,
    priority: priorityOf(rating.score, o.contact),
    rule: o.rule ?? null,
    contact: o.contactId ?? null,
    by: { system: true },
  });
  // also on a retry that found the case: a crash between the insert and the publish loses no event
  await publishCaseEvent('case.opened', doc, doc.createdAt);
}

/** The rating reaction: a flagged (suspicious) rating opens nothing. */
export async function openCaseForRating(event: RatingAccepted): Promise<void> {
  const { rating, flagged } = event;
  if (flagged) return;
  const comment = (rating.comment ?? '').trim();
  const lowWithComment = rating.score <= 2 && comment.length > 0;
  const contact = await contactOf(event);
  if (!contact && !lowWithComment) return;
  const settings = await caseSettingsOf(event.store.business);
  if (contact && settings.autoOpen.contactRequest)
    return open(event, {
      reason: 'contact_request',
      summary: 'Contact request',
      contact: true,
      contactId: contact._id,
    });
  if (lowWithComment && settings.autoOpen.lowWithComment)
    return open(event, {
      reason: 'low_with_comment',
      summary: `${rating.score}★ with a comment`,
      contact: !!contact,
      contactId: contact?._id,
    });
}

/** Registered once from createApp(). */
export function registerCaseReactions(): void {
  onRatingAccepted('cases', openCaseForRating);
  onRuleFired('cases', async ({ rule, event }) => {
    if (event.flagged) return;
    const contact = await contactOf(event);
    await open(event, {
      reason: 'rule',
      summary: RULE_SUMMARIES[rule.type] ?? 'Alert rule',
      contact: !!contact,
      contactId: contact?._id,
      rule: rule._id,
    }).catch((err: unknown) => {
      logger.error({ err: String(err), rule: String(rule._id) }, 'case for a rule not opened');
      throw err;
    });
  });
}
