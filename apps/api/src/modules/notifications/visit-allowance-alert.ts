// The visit-allowance alert's thresholds, claim key and words, shared by the rating-time check and the scheduler's pass.
import { VISIT_ALLOWANCE_THRESHOLDS, alertText, type TAlertWords } from '@cx/contracts';
import type { Alert } from './notify';
import type { RuleDoc } from './rule.model';

/** The thresholds (percent of the allowance) that `used` of `allowance` tracked visits has reached. */
export const crossedThresholds = (used: number, allowance: number): number[] =>
  VISIT_ALLOWANCE_THRESHOLDS.filter((percent) => used * 100 >= percent * allowance);

/**
 * Each threshold alerts once per allowance window (`from` is the window's start): the notification's unique key, so
 * the rating-time check and the scheduler's pass, whichever runs first, send it once.
 */
export const allowanceNotificationKey = (rule: Pick<RuleDoc, '_id'>, from: string, percent: number) =>
  `${String(rule._id)}:${from}:${percent}`;

/** The alert for one crossed threshold, whichever check sends it first. */
export function visitAllowanceAlert(
  rule: Pick<RuleDoc, '_id' | 'business' | 'email'> & { user?: RuleDoc['user'] },
  figures: { percent: number; used: number; allowance: number },
  at: Date,
): Alert {
  return {
    business: rule.business,
    user: rule.user ?? null,
    rule: rule._id,
    type: 'visit-allowance',
    email: rule.email,
    subject: `${figures.percent} % of this month's tracked visits used`,
    at,
    build: (w: TAlertWords) => alertText.visitAllowance(w, figures),
  };
}
