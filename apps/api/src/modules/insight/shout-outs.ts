// Shout-outs: a positive comment naming a staff member of the store by first name, or praising the rated person.
import type { Types } from 'mongoose';
import { coalescedRead } from '../../lib/coalesce';
import { StaffModel } from '../staff/staff.model';
import type { CommentInsight } from './insight.service';
import { foldAccents } from './text';

/** "José", "JOSE" and "jose" are the same word: lower case, accents folded. */
const fold = (word: string) => foldAccents(word.toLowerCase());

/** The comment's words, folded (letters only, so "Ana's" and "Ana!" name Ana). */
export const foldedWords = (text: string) => new Set((fold(text).match(/\p{L}+/gu) ?? []).map(fold));

/** A person's first name, folded ("María José Pérez" → "maria"). */
export const firstNameOf = (name: string) => fold(name.trim().split(/\s+/u)[0] ?? '');

interface Person {
  _id: Types.ObjectId;
  name: string;
}

/**
 * Whom a comment is a shout-out for, if anyone: only a positive comment; the store's people whose first name appears
 * as a word in it (the rated person first when they are among them; two namesakes and no rated one: nobody, rather
 * than a guess); a staff rating's positive comment naming nobody is the rated person's.
 */
export function shoutOutFor(
  comment: string,
  insight: Pick<CommentInsight, 'sentiment'>,
  people: readonly Person[],
  rated: Types.ObjectId | null,
): Types.ObjectId | null {
  if (insight.sentiment.label !== 'positive') return null;
  const words = foldedWords(comment);
  const named = people.filter((p) => {
    const first = firstNameOf(p.name);
    return first.length >= 2 && words.has(first);
  });
  const ratedNamed = rated && named.find((p) => String(p._id) === String(rated));
  if (ratedNamed) return ratedNamed._id;
  const firstNames = new Map<string, Person[]>();
  for (const p of named)
    firstNames.set(firstNameOf(p.name), [...(firstNames.get(firstNameOf(p.name)) ?? []), p]);
  const unambiguous = named.filter((p) => firstNames.get(firstNameOf(p.name))!.length === 1);
  if (unambiguous.length > 0) return unambiguous[0]!._id;
  return named.length === 0 && rated ? rated : null;
}

/** The store's current people (and the rated person, even if since moved), for first-name matching. */
export async function peopleOf(
  business: Types.ObjectId,
  store: Types.ObjectId,
  rated: Types.ObjectId | null,
): Promise<Person[]> {
  // every positive comment at a busy store asks: concurrent ones share the read of its people (read-only)
  const people = await coalescedRead(`people-of:${String(business)}:${String(store)}`, () =>
    StaffModel.find({ business, stores: store, deletedAt: null }, { name: 1 }).lean<Person[]>(),
  );
  if (!rated || people.some((p) => String(p._id) === String(rated))) return people;
  const moved = await StaffModel.findOne({ _id: rated, business }, { name: 1 }).lean<Person>();
  return moved ? [...people, moved] : people;
}
