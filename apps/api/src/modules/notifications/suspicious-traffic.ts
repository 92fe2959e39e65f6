// The notice that a store's QR visits came in a flood from one network: not charged, and the owner and admins are told.
import type { Types } from 'mongoose';
import { MembershipModel } from '../../tenancy/membership.model';
import { deliver } from './notify';

export interface VisitFlood {
  business: Types.ObjectId;
  store: { _id: Types.ObjectId; name: string };
  /** Store-local day of the flood (YYYY-MM-DD). */
  day: string;
  /** First visits per network per store per day that still count. */
  limit: number;
  at: Date;
}

/**
 * One bell notice per store per day for each owner and admin (the people who see the plan's usage), keyed so a second
 * flooding network the same day adds nothing. In-app only: it explains a figure, it is not an emergency.
 */
export async function reportVisitFlood(flood: VisitFlood): Promise<void> {
  const members = await MembershipModel.find(
    { business: flood.business, role: { $in: ['owner', 'admin'] } },
    { user: 1 },
  ).lean();
  await Promise.all(
    members.map((m) =>
      deliver({
        business: flood.business,
        user: m.user,
        store: flood.store._id,
        rule: null,
        type: 'suspicious-traffic',
        email: false,
        subject: `Unusual traffic at ${flood.store.name}`,
        at: flood.at,
        key: `suspicious-traffic:${String(flood.store._id)}:${flood.day}:${String(m.user)}`,
        build: (w) =>
          `Unusual traffic at ${w.em(flood.store.name)}: more than ${w.em(`${flood.limit} visits`)} from one ` +
          'network today. Visits beyond that are not counted in your tracked visits.',
      }),
    ),
  );
}
