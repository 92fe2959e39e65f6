// The settings an area passes down to its stores (time zone, opening hours, rating interval, QR page languages): keys,
// defaults and the schemas the area and store contracts share (kept apart so neither contract imports the other).
import { z } from 'zod';

export const AREA_SETTING_MESSAGES = {
  interval: 'The interval must be a whole number of minutes from 0 to 1440',
  languagesRequired: 'Choose at least one language',
} as const;

/**
 * Settings an area may set for the stores under it; a store takes each from its nearest area that sets it, unless it
 * sets its own. Without any: the business's time zone, no opening hours, one rating per device and subject an hour,
 * and every language the QR pages speak.
 */
export const AREA_SETTING_KEYS = [
  'timeZone',
  'openingHours',
  'minRatingIntervalMinutes',
  'languages',
] as const;
export type TAreaSettingKey = (typeof AREA_SETTING_KEYS)[number];

/** The languages the customer (QR) pages are written in; a store offers some or all of them. */
export const QR_PAGE_LANGUAGES = ['en', 'es'] as const;
export type TQrPageLanguage = (typeof QR_PAGE_LANGUAGES)[number];
export const QR_PAGE_LANGUAGE_NAMES: Record<TQrPageLanguage, string> = { en: 'English', es: 'Español' };

export const DEFAULT_MIN_RATING_INTERVAL_MINUTES = 60;

export const ZMinRatingIntervalSchema = z
  .number({ invalid_type_error: AREA_SETTING_MESSAGES.interval })
  .int(AREA_SETTING_MESSAGES.interval)
  .min(0, AREA_SETTING_MESSAGES.interval)
  .max(1440, AREA_SETTING_MESSAGES.interval);

export const ZQrLanguagesSchema = z
  .array(z.enum(QR_PAGE_LANGUAGES))
  .min(1, AREA_SETTING_MESSAGES.languagesRequired)
  .transform((langs) => [...new Set(langs)]);

/** Where each effective setting of a store comes from: the area that sets it, or null for the default. */
export const ZInheritedFromSchema = z.object({
  timeZone: z.string().nullable().optional(),
  openingHours: z.string().nullable().optional(),
  minRatingIntervalMinutes: z.string().nullable().optional(),
  languages: z.string().nullable().optional(),
});
export type TInheritedFrom = z.infer<typeof ZInheritedFromSchema>;
