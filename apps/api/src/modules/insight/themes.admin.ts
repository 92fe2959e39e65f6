// The owner's theme vocabulary: list with 30-day counts, rename / hide / merge a theme, hide or show a shout-out.
import mongoose from 'mongoose';
import type { TShoutOut, TThemeEntry, TUpdateTheme } from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import { scopeFilter, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { loadScope } from '../analytics/scope';
import { themeTallies } from '../analytics/themes.service';
import { RatingModel, type RatingDoc } from '../ratings/rating.model';
import { StaffModel } from '../staff/staff.model';
import { VocabularyModel } from './vocabulary.model';
import { loadVocabulary, resolverOf } from './vocabulary.service';

/** Every theme of the business with its own name, merge, hidden state and comments of the last 30 days. */
export async function listThemes(access: Access): Promise<TThemeEntry[]> {
  const resolver = resolverOf(await loadVocabulary(access.businessId));
  const scope = await loadScope(access, { period: 'last30' });
  // own counts per key (no merging, nothing hidden): a merged-into theme adds its members' below
  const own = await themeTallies(scope, { canonical: (k) => k, hidden: () => false });
  const countOf = (key: string) => own.get(key)?.count ?? 0;
  return resolver.keys.map(({ key, source }) => {
    const mergedInto = resolver.mergedInto(key);
    const mergedFrom = resolver.membersOf(key).filter((k) => k !== key);
    return {
      key,
      name: resolver.nameOf(key),
      source,
      hidden: resolver.hidden(key),
      mergedInto,
      mergedFrom,
      count: mergedInto ? countOf(key) : resolver.membersOf(key).reduce((n, k) => n + countOf(k), 0),
    };
  });
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, 400, { [field]: [message] });

/** Checks a change against the vocabulary: the theme exists, a merge target exists and makes no loop, names unique. */
function checkChange(resolver: ReturnType<typeof resolverOf>, key: string, body: TUpdateTheme): void {
  const keys = new Set(resolver.keys.map((k) => k.key));
  if (!keys.has(key)) throw notFound('Theme');
  const into = body.mergedInto;
  if (into !== undefined && into !== null) {
    if (!keys.has(into)) throw invalid('mergedInto', 'Choose one of your themes to merge into');
    if (into === key) throw invalid('mergedInto', 'A theme cannot be merged into itself');
    if (resolver.canonical(into) === key)
      throw invalid('mergedInto', `"${resolver.nameOf(into)}" is already merged into this theme`);
  }
  if (body.name !== undefined) {
    const taken = resolver.keys.find(
      (k) => k.key !== key && resolver.nameOf(k.key).toLowerCase() === body.name!.trim().toLowerCase(),
    );
    if (taken) throw invalid('name', `Another theme is already called "${body.name.trim()}"`);
  }
}

export async function updateTheme(access: Access, key: string, body: TUpdateTheme): Promise<TThemeEntry> {
  const business = access.businessId;
  const before = resolverOf(await loadVocabulary(business));
  checkChange(before, key, body);
  const set: Record<string, unknown> = {};
  if (body.name !== undefined) set['settings.$.name'] = body.name.trim() === key ? null : body.name.trim();
  if (body.hidden !== undefined) set['settings.$.hidden'] = body.hidden;
  if (body.mergedInto !== undefined) set['settings.$.mergedInto'] = body.mergedInto;
  await VocabularyModel.updateOne({ business }, { $setOnInsert: { business } }, { upsert: true });
  await VocabularyModel.updateOne(
    { business, 'settings.key': { $ne: key } },
    { $push: { settings: { key, name: null, hidden: false, mergedInto: null } } },
  );
  await VocabularyModel.updateOne({ business, 'settings.key': key }, { $set: set });
  const was = { name: before.nameOf(key), hidden: before.hidden(key), mergedInto: before.mergedInto(key) };
  const entry = (await listThemes(access)).find((t) => t.key === key);
  if (!entry) throw notFound('Theme');
  const changes = [
    body.name !== undefined && was.name !== entry.name ? `renamed "${was.name}" to "${entry.name}"` : '',
    body.hidden !== undefined && was.hidden !== entry.hidden ? (entry.hidden ? 'hidden' : 'shown again') : '',
    body.mergedInto !== undefined && was.mergedInto !== entry.mergedInto
      ? entry.mergedInto
        ? `merged into "${before.nameOf(entry.mergedInto)}"`
        : 'unmerged'
      : '',
  ].filter(Boolean);
  if (changes.length) {
    await recordAudit(access, {
      kind: 'theme',
      action: 'theme.update',
      summary: `Theme "${was.name}" ${changes.join(', ')}`,
      before: { key, ...was },
      after: { key, name: entry.name, hidden: entry.hidden, mergedInto: entry.mergedInto },
    });
  }
  return entry;
}

/** Hides a shout-out from the board and scorecard (or shows it again); a rating outside the member's stores is 404. */
export async function setShoutOutHidden(
  access: Access,
  ratingId: string,
  hidden: boolean,
): Promise<{ _id: string; shoutOut: TShoutOut }> {
  if (!mongoose.isValidObjectId(ratingId)) throw notFound('Shout-out');
  const filter = { ...scopeFilter(access), _id: ratingId, shoutOut: { $exists: true } };
  const before = await RatingModel.findOne(filter, { shoutOut: 1, store: 1 }).lean<RatingDoc>();
  if (!before?.shoutOut) throw notFound('Shout-out');
  await RatingModel.updateOne(filter, { $set: { 'shoutOut.hidden': hidden } });
  const person = await StaffModel.findOne(
    { _id: before.shoutOut.staff, business: access.businessId },
    { name: 1 },
  ).lean();
  const staffName = person?.name ?? 'Former staff member';
  if (Boolean(before.shoutOut.hidden) !== hidden) {
    await recordAudit(access, {
      kind: 'theme',
      action: hidden ? 'shout-out.hide' : 'shout-out.show',
      summary: `${hidden ? 'Hid' : 'Showed again'} a shout-out for ${staffName}`,
      store: { _id: before.store },
      before: { rating: ratingId, hidden: Boolean(before.shoutOut.hidden) },
      after: { rating: ratingId, hidden },
    });
  }
  return { _id: ratingId, shoutOut: { staff: String(before.shoutOut.staff), staffName, hidden } };
}
