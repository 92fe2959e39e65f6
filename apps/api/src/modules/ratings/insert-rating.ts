// Storing a new rating as create() would, in one insert shared with the other submits waiting for the collection.
import { coalescedBulkWrite, type BulkWriter } from '../../lib/coalesce';
import { RatingModel, type RatingDoc } from './rating.model';

/**
 * Casts, defaults and validates the rating with its schema (what create() does), then inserts that document with the
 * other new ratings queued meanwhile: one unordered insert, so a duplicate key fails only its own submit (code 11000).
 * Answers the stored document. The timestamps are the caller's (`createdAt`, `updatedAt`): a submit's own instant.
 */
export async function insertRating(fields: Record<string, unknown>): Promise<RatingDoc> {
  const doc = new RatingModel({ ...fields, __v: 0 });
  await doc.validate();
  const rating = doc.toObject() as RatingDoc;
  await coalescedBulkWrite(RatingModel.collection as unknown as BulkWriter, [
    { insertOne: { document: rating } },
  ]);
  return rating;
}
