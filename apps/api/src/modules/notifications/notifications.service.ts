// The member's own bell: their notifications (newest first, paginated) and "mark all as read", never anyone else's.
import type { TNotificationPage } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { NotificationModel, type NotificationDoc } from './notification.model';
import { toNotification } from './notify';
import { mine } from './recipients';
import { ensureDefaultRules } from './rules.service';

export async function listNotifications(
  access: Access,
  page: number,
  limit: number,
): Promise<TNotificationPage> {
  // The owner's first read claims the business's notifications from before teams.
  await ensureDefaultRules(access.businessId, access.userId);
  const filter = mine(access);
  const [docs, total, unread, openAlerts] = await Promise.all([
    NotificationModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<NotificationDoc[]>(),
    NotificationModel.countDocuments(filter),
    NotificationModel.countDocuments({ ...filter, isUnRead: true }),
    // Acknowledgeable (a rule alert carries its link's nonce) and not yet acknowledged by anyone.
    NotificationModel.countDocuments({ ...filter, ackNonce: { $type: 'string' }, acknowledgedAt: null }),
  ]);
  return {
    data: docs.map(toNotification),
    page,
    limit,
    total,
    unread,
    openAlerts,
    hasMore: page * limit < total,
  };
}

export async function markAllRead(access: Access): Promise<number> {
  const res = await NotificationModel.updateMany(
    { ...mine(access), isUnRead: true },
    { $set: { isUnRead: false } },
  );
  return res.modifiedCount;
}
