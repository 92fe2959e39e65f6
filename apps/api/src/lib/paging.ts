// One page of a collection's records, newest first, with the total a pager needs (page numbers start at 1).
import type { Model, QueryFilter, Types } from 'mongoose';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The id breaks ties between records made in the same millisecond, so every record is on exactly one page. */
export async function newestFirstPage<T>(
  model: Model<T>,
  filter: QueryFilter<T>,
  q: PageQuery,
): Promise<{ rows: Array<T & { _id: Types.ObjectId }>; total: number }> {
  const [rows, total] = await Promise.all([
    model
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((q.page - 1) * q.pageSize)
      .limit(q.pageSize)
      .lean<Array<T & { _id: Types.ObjectId }>>(),
    model.countDocuments(filter),
  ]);
  return { rows, total };
}
