// findAndModify: atomic find + update/remove/upsert returning the pre- or post-image and lastErrorObject.
import { isPlainObject } from '../bson-util';
import type { CollationSpec } from '../compare';
import { ErrorCodes, fail } from '../errors';
import type { Doc } from '../errors';
import { applyProjection, sortDocs } from '../query';
import type { Handler } from './context';
import { collName, queryOptions } from './context';
import { performUpdate } from './write';

export const findAndModifyCommands: Record<string, Handler> = {
  findandmodify: (body, ctx) => {
    const name = collName(body, Object.keys(body)[0] as string);
    const query = (isPlainObject(body.query) ? body.query : {}) as Doc;
    const remove = body.remove === true;
    const hasUpdate = body.update !== undefined;
    if (remove && hasUpdate) fail(ErrorCodes.FailedToParse, 'Cannot specify both an update and remove=true');
    if (!remove && !hasUpdate)
      fail(ErrorCodes.FailedToParse, 'Either an update or remove=true must be specified');
    if (remove && body.upsert)
      fail(ErrorCodes.FailedToParse, 'Cannot specify both upsert=true and remove=true');
    if (remove && body.new)
      fail(
        ErrorCodes.FailedToParse,
        "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
      );
    const opts = queryOptions(body);
    const sort = isPlainObject(body.sort) && Object.keys(body.sort).length ? body.sort : undefined;
    const project = (doc: Doc | undefined): Doc | null =>
      doc ? (applyProjection([doc], body.fields, query, opts)[0] ?? null) : null;

    const coll = ctx.engine.collection(ctx.db, name);
    let candidates = coll ? coll.find(query, opts, sort ? 0 : 1) : [];
    if (sort) candidates = sortDocs([...candidates], sort);
    const target = candidates[0];

    if (remove) {
      if (!target || !coll) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
      coll.remove(target);
      return { lastErrorObject: { n: 1 }, value: project(target), ok: 1 };
    }

    // pin the update to the chosen document so sort order decides which one is modified
    const outcome = performUpdate(
      ctx,
      name,
      {
        q: query,
        only: target,
        u: body.update,
        upsert: body.upsert === true,
        arrayFilters: body.arrayFilters as Doc[] | undefined,
        collation: body.collation as CollationSpec | undefined,
      },
      opts.variables,
    );
    if (target) {
      return {
        lastErrorObject: { n: 1, updatedExisting: true },
        value: project(body.new ? outcome.after : target),
        ok: 1,
      };
    }
    if (outcome.upsertedId !== undefined) {
      return {
        lastErrorObject: { n: 1, updatedExisting: false, upserted: outcome.upsertedId },
        value: body.new ? project(outcome.after) : null,
        ok: 1,
      };
    }
    return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  },
};
