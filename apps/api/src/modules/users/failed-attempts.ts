// The owner's warning when their account passes the failed sign-in limit: one mail per day at most, sent in the background.
import { env } from '../../config/env';
import { sendMailInBackground } from '../../lib/mailer';
import { track } from '../../lib/background';
import { changePasswordLink, failedAttemptsMail } from './users.mails';
import { UserModel } from './user.model';

/** An attack that goes on for hours warns the owner once a day, not at every new window of the limit. */
export const FAILED_ATTEMPTS_MAIL_COOLDOWN_MS = 24 * 60 * 60 * 1000;

interface Owner {
  _id: unknown;
  email: string;
  fullname: string;
}

/**
 * Tells the owner that strangers are guessing their password and how to change it, unless a warning went out within
 * the cooldown (claimed atomically, so parallel guesses send one). Never awaited by the login: its cost must not show
 * in the answer's timing (an unknown email does none of it).
 */
export function warnOwnerOfFailedAttempts(owner: Owner, now: Date): void {
  const since = new Date(now.getTime() - FAILED_ATTEMPTS_MAIL_COOLDOWN_MS);
  const claim = UserModel.updateOne(
    {
      _id: owner._id,
      $or: [{ failedAttemptsWarnedAt: null }, { failedAttemptsWarnedAt: { $lte: since } }],
    },
    { $set: { failedAttemptsWarnedAt: now } },
  ).then((claimed) => {
    if (claimed.modifiedCount !== 1) return;
    sendMailInBackground(
      failedAttemptsMail(owner.email, owner.fullname, changePasswordLink(owner.email), env.PUBLIC_WEB_URL),
    );
  });
  track(claim, 'failed-attempts warning');
}
