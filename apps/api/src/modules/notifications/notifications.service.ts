// The bell's list (newest first, paginated) and "mark all as read", always filtered by the caller.
import type { TNotificationPage } from '@cx/contracts';
import { NotificationModel, type NotificationDoc } from './notification.model';
import { toNotification } from './notify';

export async function listNotifications(
  business: string,
  page: number,
  limit: number,
): Promise<TNotificationPage> {
  const [docs, total, unread] = await Promise.all([
    NotificationModel.find({ business })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean<NotificationDoc[]>(),
    NotificationModel.countDocuments({ business }),
    NotificationModel.countDocuments({ business, isUnRead: true }),
  ]);
  return { data: docs.map(toNotification), page, limit, total, unread, hasMore: page * limit < total };
}

export async function markAllRead(business: string): Promise<number> {
  const res = await NotificationModel.updateMany({ business, isUnRead: true }, { $set: { isUnRead: false } });
  return res.modifiedCount;
}
