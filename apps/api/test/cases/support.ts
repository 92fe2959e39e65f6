// Helpers for the case tests: a chain with an area tree (North › Leeds › Headingley), its team, and ratings accepted as the submit accepts them.
import type { Express } from 'express';
import request from 'supertest';
import type { Types } from 'mongoose';
import { reactionNamed, type RatingAccepted } from '../../src/modules/feedback/rating-accepted';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import type { RatingDoc } from '../../src/modules/ratings/rating.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makeAreaMember, makeMember, makeRating, makeStaff, makeUser, type MadeUser } from '../factories';

export interface Chain {
  owner: MadeUser;
  admin: MadeUser;
  areas: { north: string; leeds: string };
  /** Headingley sits in Leeds (under North); Soho has no area below the top. */
  store: Awaited<ReturnType<typeof storeOf>>;
  other: Awaited<ReturnType<typeof storeOf>>;
  staff: Awaited<ReturnType<typeof makeStaff>>;
  /** Granted Headingley itself. */
  manager: MadeUser;
  viewer: MadeUser;
  /** Granted the Leeds district / the North region. */
  district: MadeUser;
  region: MadeUser;
  /** A manager of Soho only: Headingley does not exist for them. */
  outsider: MadeUser;
}

const storeOf = async (id: string) => (await StoreModel.findById(id))!;

export async function makeChain(app: Express): Promise<Chain> {
  const owner = await makeUser({ fullname: 'Olive Owner' });
  const post = async (path: string, body: object) =>
    (await request(app).post(`/api/v1${path}`).set(owner.auth).send(body).expect(201)).body;
  const north = (await post('/areas', { name: 'North' }))._id as string;
  const leeds = (await post('/areas', { name: 'Leeds', parent: north }))._id as string;
  const headingley = (
    await post('/store/create', { name: 'Headingley', timeZone: 'Europe/London', area: leeds })
  ).store._id as string;
  const soho = (await post('/store/create', { name: 'Soho', timeZone: 'Europe/London' })).store._id as string;
  const store = await storeOf(headingley);
  const other = await storeOf(soho);
  return {
    owner,
    admin: await makeMember(owner.id, 'admin', null, { fullname: 'Ada Admin' }),
    areas: { north, leeds },
    store,
    other,
    staff: await makeStaff(owner.id, [store._id], { name: 'Sam Staff' }),
    manager: await makeMember(owner.id, 'manager', [store._id], { fullname: 'Mia Manager' }),
    viewer: await makeMember(owner.id, 'viewer', [store._id], { fullname: 'Vic Viewer' }),
    district: await makeAreaMember(owner.id, 'manager', [leeds], [], { fullname: 'Dee District' }),
    region: await makeAreaMember(owner.id, 'manager', [north], [], { fullname: 'Reg Region' }),
    outsider: await makeMember(owner.id, 'manager', [other._id], { fullname: 'Otto Outside' }),
  };
}

/** A stored rating handed to the cases reaction as the submit's fan-out does (awaited here). */
export async function acceptRating(
  store: { _id: Types.ObjectId; business: Types.ObjectId; name: string; timeZone: string },
  o: {
    score: number;
    comment?: string;
    staff?: Types.ObjectId;
    flagged?: boolean;
    contact?: { email?: string; phone?: string };
    createdAt?: Date;
  },
): Promise<RatingDoc> {
  const rating = (await makeRating(store, {
    score: o.score,
    comment: o.comment ?? '',
    kind: o.staff ? 'staff' : 'experience',
    staff: o.staff ?? null,
    createdAt: o.createdAt ?? new Date(),
    flag: { suspicious: !!o.flagged, reasons: o.flagged ? ['burst'] : [] },
  })) as RatingDoc;
  if (o.contact) await contactFor(store, rating, o.contact);
  await runCasesReaction({ rating, store: storeFor(store), flagged: !!o.flagged });
  return rating;
}

export const storeFor = (store: {
  _id: Types.ObjectId;
  business: Types.ObjectId;
  name: string;
  timeZone: string;
}) => ({
  _id: store._id,
  business: store.business,
  name: store.name,
  timeZone: store.timeZone,
});

export const runCasesReaction = (event: RatingAccepted) => reactionNamed('cases')!(event);

export const contactFor = (
  store: { _id: Types.ObjectId; business: Types.ObjectId },
  rating: { _id: Types.ObjectId },
  c: { email?: string; phone?: string },
) =>
  ContactRequestModel.create({
    business: store.business,
    store: store._id,
    rating: rating._id,
    email: c.email ?? null,
    phone: c.phone ?? null,
    phoneDigits: c.phone ? c.phone.replace(/\D/g, '') : null,
    consentAt: new Date(),
  });

export const HOUR = 3_600_000;
