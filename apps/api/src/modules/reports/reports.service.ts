// Report preferences of the signed-in member, building and mailing one report, "send now", and the signed unsubscribe.
import { Types } from 'mongoose';
import type { TReportPeriod, TReportPreferences, TUpdateReportPreferences } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { sendMail } from '../../lib/mailer';
import type { Access } from '../../tenancy/access';
import { BusinessModel } from '../../tenancy/business.model';
import { UserModel } from '../users/user.model';
import { reportData } from './report.data';
import { reportMail } from './report.mail';
import { ReportPreferenceModel, ReportSendModel } from './report.model';
import { renderReportPdf } from './report.pdf';
import { lastPeriod, type ReportDays } from './report.period';
import { signUnsubscribe, verifyUnsubscribe } from './report.token';

/** The member's own zone (their profile), else the business's, else UTC. */
export const zoneOf = (
  user: { timeZone?: string | null } | null,
  business: { timeZone?: string | null } | null,
) => user?.timeZone || business?.timeZone || 'UTC';

async function memberZone(access: Access): Promise<{ email: string; timeZone: string }> {
  const [user, business] = await Promise.all([
    UserModel.findById(access.userId, { email: 1, timeZone: 1 }).lean(),
    BusinessModel.findById(access.businessId, { timeZone: 1 }).lean(),
  ]);
  return { email: user?.email ?? '', timeZone: zoneOf(user, business) };
}

export async function getPreferences(access: Access): Promise<TReportPreferences> {
  const [pref, { timeZone }] = await Promise.all([
    ReportPreferenceModel.findOne({ business: access.businessId, user: access.userId }).lean(),
    memberZone(access),
  ]);
  return { daily: !!pref?.daily, weekly: !!pref?.weekly, monthly: !!pref?.monthly, timeZone };
}

export async function updatePreferences(
  access: Access,
  patch: TUpdateReportPreferences,
): Promise<TReportPreferences> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length) {
    await ReportPreferenceModel.updateOne(
      { business: access.businessId, user: access.userId },
      { $set: set },
      { upsert: true },
    );
  }
  return getPreferences(access);
}

/**
 * Builds and mails one report to the member, under an already-written sent-marker (its id signs the unsubscribe
 * link). Throws when the mail cannot be sent.
 */
export async function mailReport(
  access: Access,
  email: string,
  period: TReportPeriod,
  days: ReportDays,
  marker: Types.ObjectId,
  now: Date,
): Promise<void> {
  const data = await reportData(access, period, days, now);
  const pdf = await renderReportPdf(data);
  const token = signUnsubscribe({ m: String(marker), u: access.userId, b: access.businessId, p: period });
  await sendMail(reportMail(email, data, pdf, token));
}

/** "Send me one now": the last complete period, mailed before answering so the toast tells the truth. */
export async function sendNow(access: Access, period: TReportPeriod, now = new Date()) {
  const { email, timeZone } = await memberZone(access);
  const days = lastPeriod(period, now, timeZone);
  const marker = await ReportSendModel.create({
    business: access.businessId,
    user: access.userId,
    period,
    key: `now:${new Types.ObjectId().toHexString()}`,
    ...days,
    sentAt: now,
  });
  try {
    await mailReport(access, email, period, days, marker._id, now);
  } catch (err) {
    await ReportSendModel.deleteOne({ _id: marker._id });
    logger.error({ err: err instanceof Error ? err.message : String(err), period }, 'report mail failed');
    throw new AppError('MAIL_FAILED', 'The report could not be mailed just now. Please try again.', 503);
  }
  return { message: `Your ${period} report is on its way to ${email}`, to: email };
}

const PERIOD_WORDS: Record<TReportPeriod, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };

function claimsOf(token: string) {
  const claims = verifyUnsubscribe(token);
  if (!claims) throw new AppError('BAD_TOKEN', 'This unsubscribe link is not valid', 400);
  return claims;
}

/** What the link stops and whether it still can: read only, since mail scanners open every link in a mail. */
export async function previewUnsubscribe(token: string) {
  const claims = claimsOf(token);
  const marker = await ReportSendModel.findOne({
    _id: claims.m,
    user: claims.u,
    business: claims.b,
    period: claims.p,
  }).lean();
  if (!marker) throw new AppError('NOT_FOUND', 'This unsubscribe link has expired', 404);
  const name = PERIOD_WORDS[claims.p];
  return marker.unsubscribedAt
    ? { period: claims.p, active: false, message: `This link has already stopped the ${name} report` }
    : { period: claims.p, active: true, message: `Stop mailing you the ${name} report?` };
}

/** The press on the web page, or a mail client's one-click POST: turns that report off. Signed, works once. */
export async function unsubscribe(token: string, now = new Date()) {
  const claims = claimsOf(token);
  const used = await ReportSendModel.findOneAndUpdate(
    { _id: claims.m, user: claims.u, business: claims.b, period: claims.p, unsubscribedAt: null },
    { $set: { unsubscribedAt: now } },
  ).lean();
  if (!used)
    throw new AppError('NOT_FOUND', 'This unsubscribe link has already been used or has expired', 404);
  await ReportPreferenceModel.updateOne(
    { business: claims.b, user: claims.u },
    { $set: { [claims.p]: false } },
  );
  return {
    message: `You will no longer receive the ${PERIOD_WORDS[claims.p]} report`,
    period: claims.p,
  };
}
