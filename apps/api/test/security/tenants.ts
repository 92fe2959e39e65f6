// Two businesses for the isolation and fuzz suites: A (the victim, with one of everything) and B (the intruder).
import { BoardModel } from '../../src/modules/boards/board.model';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { UserModel } from '../../src/modules/users/user.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { ThemeRollupModel } from '../../src/modules/analytics/theme-rollup.model';
import { VocabularyModel } from '../../src/modules/insight/vocabulary.model';
import { saveImage } from '../../src/lib/files';
import { ensureDefaultRules } from '../../src/modules/notifications/rules.service';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { ScorecardShareModel } from '../../src/modules/scorecards/scorecard-share.model';
import { WebhookDeliveryModel, WebhookEndpointModel } from '../../src/modules/integrations/webhook.model';
import { makePng, makeShift, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';

/** Ids and names of business A that must never reach business B, and what the matrix aims at. */
export interface Victim {
  user: MadeUser;
  userId: string;
  email: string;
  store: string;
  staff: string;
  shift: string;
  /** A flagged rating of A's staff member, not yet restored. */
  flaggedRating: string;
  rating: string;
  /** One of A's notification rules (the defaults every business starts with). */
  rule: string;
  image: string;
  /** One of A's breakroom boards (switched on). */
  board: string;
  /** A live share link to A's staff member's scorecard. */
  scorecardShare: string;
  /** One of A's webhook endpoints (a documentation host: nothing is ever sent) and one of its deliveries. */
  webhook: string;
  webhookDelivery: string;
  /** A case about A's plain rating, with the customer's contact request. */
  case: string;
  /** Strings only A's records contain: any of them in B's answer is a leak. */
  secrets: string[];
}

export interface Intruder {
  user: MadeUser;
  userId: string;
  store: string;
  staff: string;
}

export async function makeVictim(): Promise<Victim> {
  const user = await makeUser({ fullname: 'Victoria Victim' });
  const image = await saveImage(makePng(), { business: user.id, purpose: 'store' });
  const store = await makeStore(user.id, {
    name: 'Victim Store Zephyr',
    code: 'VICTIM-1',
    tags: ['victim-tag'],
    address: '1 Victim Street',
    image,
    socialLinks: { website: 'https://victim.example.com' },
  });
  const photo = await saveImage(makePng(), { business: user.id, purpose: 'staff' });
  const staff = await makeStaff(user.id, [store._id], { name: 'Vera Victimstaff', photo });
  await UserModel.updateOne({ _id: user.id }, { $set: { selectedStore: store._id } });
  const shift = await makeShift(
    user.id,
    store,
    staff,
    new Date('2025-06-02T08:00:00Z'),
    new Date('2025-06-02T16:00:00Z'),
  );
  const base = {
    business: user.id,
    store: store._id,
    staff: staff._id,
    kind: 'staff' as const,
    day: '2025-06-02',
  };
  const flagged = await RatingModel.create({
    ...base,
    score: 5,
    comment: 'victim flagged comment',
    flag: { suspicious: true, reasons: ['burst'] },
  });
  // an analysed comment with a shout-out, its theme counted and discovered in A's vocabulary
  const rating = await RatingModel.create({
    ...base,
    score: 4,
    comment: 'victim plain comment',
    insight: {
      language: 'en',
      sentiment: { label: 'positive', score: 0.5 },
      themes: ['zephyrtheme'],
      counted: true,
    },
    shoutOut: { staff: staff._id, hidden: false },
  });
  await VocabularyModel.create({
    business: user.id,
    discovered: [{ phrase: 'zephyrtheme', kind: 'phrase', count: 3, at: new Date() }],
    settings: [{ key: 'zephyrtheme', name: 'Victim theme name' }],
  });
  await ThemeRollupModel.create({
    business: user.id,
    store: store._id,
    staff: staff._id,
    kind: 'staff',
    day: '2025-06-02',
    theme: 'zephyrtheme',
    count: 1,
    positive: 1,
  });
  await RollupModel.create({
    business: user.id,
    store: store._id,
    staff: null,
    metric: 'staff',
    day: '2025-06-02',
    count: 1,
    scoreSum: 4,
    d4: 1,
  });
  await ensureDefaultRules(user.id);
  const rule = await RuleModel.findOne({ business: user.id }).lean();
  const board = await BoardModel.create({
    business: user.id,
    store: store._id,
    tokenHash: 'victim-board-hash',
  });
  const share = await ScorecardShareModel.create({
    business: user.id,
    staff: staff._id,
    tokenHash: 'victim-share-hash',
    period: { period: 'last30' },
  });
  const webhook = await WebhookEndpointModel.create({
    business: user.id,
    url: 'https://victim-hooks.example.com/zephyr',
    events: ['rating.created'],
    secrets: [{ key: 'whsec_dmljdGltdmljdGltdmljdGltdmljdGltdmljdGltdmk=' }],
  });
  const delivery = await WebhookDeliveryModel.create({
    business: user.id,
    endpoint: webhook._id,
    eventId: 'rating.created:victim',
    messageId: 'msg_victim',
    type: 'rating.created',
    payload: '{"data":"victim webhook payload"}',
    status: 'succeeded',
  });
  const contact = await ContactRequestModel.create({
    business: user.id,
    store: store._id,
    rating: rating._id,
    email: 'zephyr.customer@victim-mail.example',
    phone: '+44 7700 900417',
    phoneDigits: '447700900417',
    consentAt: new Date(),
  });
  const caseDoc = await CaseModel.create({
    business: user.id,
    store: store._id,
    number: 1,
    rating: rating._id,
    staff: staff._id,
    reason: 'contact_request',
    summary: 'Contact request',
    dueAt: new Date(Date.now() + 24 * 3_600_000),
    contact: contact._id,
    // open, so a ruling from B that got through would change it
    dispute: 'open',
    notes: [
      { author: user.user._id, authorName: 'Victoria Victim', text: 'victim case note', at: new Date() },
    ],
  });
  const ids = {
    case: String(caseDoc._id),
    board: String(board._id),
    userId: user.id,
    rule: String(rule!._id),
    store: String(store._id),
    staff: String(staff._id),
    shift: String(shift._id),
    flaggedRating: String(flagged._id),
    rating: String(rating._id),
    image,
    scorecardShare: String(share._id),
    webhook: String(webhook._id),
    webhookDelivery: String(delivery._id),
  };
  return {
    user,
    email: user.user.email,
    ...ids,
    secrets: [
      ...Object.values(ids),
      photo,
      user.user.email,
      'Victoria Victim',
      'Victim Store Zephyr',
      'Vera Victimstaff',
      '1 Victim Street',
      'victim flagged comment',
      'victim plain comment',
      'zephyrtheme',
      'Victim theme name',
      'victim-hooks.example.com',
      'victim webhook payload',
      'whsec_dmljdGlt',
      'zephyr.customer',
      '900417',
      'victim case note',
    ],
  };
}

export async function makeIntruder(): Promise<Intruder> {
  const user = await makeUser({ fullname: 'Ivan Intruder' });
  const store = await StoreModel.create({ business: user.id, name: 'Intruder Store', timeZone: 'UTC' });
  const staff = await StaffModel.create({
    business: user.id,
    name: 'Ivy Intruderstaff',
    stores: [store._id],
  });
  return { user, userId: user.id, store: String(store._id), staff: String(staff._id) };
}
