// /reports: the signed-in member's scheduled report preferences, "send me one now", and the signed one-click unsubscribe.
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { businessRoute } from './access';

const c = initContract();

export const REPORT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const ZReportPeriodSchema = z.enum(REPORT_PERIODS, {
  errorMap: () => ({ message: 'Period must be daily, weekly or monthly' }),
});
export type TReportPeriod = z.infer<typeof ZReportPeriodSchema>;

export const REPORT_PERIOD_LABELS: Record<TReportPeriod, string> = {
  daily: 'Daily report (yesterday)',
  weekly: 'Weekly report (last Monday to Sunday)',
  monthly: 'Monthly report (last month)',
};

/** The member's choice in their current business, and the zone their reports arrive in (at 08:00 local). */
export const ZReportPreferencesSchema = z.object({
  daily: z.boolean(),
  weekly: z.boolean(),
  monthly: z.boolean(),
  timeZone: z.string(),
});
export type TReportPreferences = z.infer<typeof ZReportPreferencesSchema>;

const onOff = (label: string) => z.boolean({ invalid_type_error: `${label} must be on or off` }).optional();
export const ZUpdateReportPreferencesSchema = z
  .object({ daily: onOff('Daily report'), weekly: onOff('Weekly report'), monthly: onOff('Monthly report') })
  .strict('Only daily, weekly and monthly can be changed')
  .refine((o) => Object.values(o).some((v) => v !== undefined), {
    message: 'Choose the daily, weekly or monthly report to turn on or off',
  });
export type TUpdateReportPreferences = z.infer<typeof ZUpdateReportPreferencesSchema>;

export const ZSendReportNowSchema = z.object({
  period: ZReportPeriodSchema,
});

export const ZUnsubscribeQuerySchema = z.object({
  token: z
    .string({ required_error: 'The unsubscribe link is incomplete' })
    .min(1, 'The unsubscribe link is incomplete')
    .max(512, 'The unsubscribe link is not valid'),
});

const ZUnsubscribedSchema = z.object({ message: z.string(), period: ZReportPeriodSchema });
/** What a link would stop, read without using it (mail scanners open every link: only the POST unsubscribes). */
export const ZUnsubscribePreviewSchema = z.object({
  period: ZReportPeriodSchema,
  /** False once the link has been used. */
  active: z.boolean(),
  message: z.string(),
});
export type TUnsubscribePreview = z.infer<typeof ZUnsubscribePreviewSchema>;
const isPublic = { public: true } as const;

export const reportsContract = c.router({
  getPreferences: {
    method: 'GET',
    path: '/reports/preferences',
    metadata: businessRoute('analytics:read'),
    responses: { 200: ZReportPreferencesSchema },
    summary: "The signed-in member's scheduled reports in their current business",
  },
  updatePreferences: {
    method: 'PATCH',
    path: '/reports/preferences',
    metadata: businessRoute('analytics:read'),
    body: ZUpdateReportPreferencesSchema,
    responses: { 200: ZReportPreferencesSchema },
    summary: 'Turn the daily, weekly or monthly report on or off',
  },
  sendNow: {
    method: 'POST',
    path: '/reports/send-now',
    metadata: businessRoute('analytics:read'),
    body: ZSendReportNowSchema,
    responses: { 200: z.object({ message: z.string(), to: z.string() }) },
    summary: "Mail the signed-in member the last complete period's report now (PDF attached)",
  },
  unsubscribe: {
    method: 'GET',
    path: '/reports/unsubscribe',
    metadata: isPublic,
    query: ZUnsubscribeQuerySchema,
    responses: { 200: ZUnsubscribePreviewSchema },
    summary: "Which report a mail's unsubscribe link stops, and whether it still can (changes nothing)",
  },
  unsubscribeOneClick: {
    method: 'POST',
    path: '/reports/unsubscribe',
    metadata: isPublic,
    query: ZUnsubscribeQuerySchema,
    body: z.unknown().optional(),
    responses: { 200: ZUnsubscribedSchema },
    summary:
      "Stop one scheduled report: the web page's button and the one-click POST of RFC 8058 (signed, single use, no sign-in)",
  },
});
