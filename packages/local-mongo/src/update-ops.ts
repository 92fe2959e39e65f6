// The individual update operators ($set, $inc, $push, …) applied to one concrete path of a working copy.
import { Long, Timestamp } from 'bson';
import {
  addNumeric,
  bsonTypeName,
  cloneValue,
  formatValue,
  isLong,
  isNumeric,
  isOperatorObject,
  isPlainObject,
  toNumber,
  zeroLike,
} from './bson-util';
import { bsonEquals, compareValues } from './compare';
import { ErrorCodes, fail } from './errors';
import type { Doc } from './errors';
import { getAt, setAt, unsetAt } from './paths';
import { compileFilter, sortDocs } from './query';

export interface OpContext {
  /** The path as written by the client (may contain positional segments) — used in messages. */
  path: string;
  /** _id of the document being updated, for error messages. */
  id: unknown;
  upsertInsert: boolean;
  now: Date;
}

export type OpFn = (doc: Doc, segs: string[], arg: unknown, ctx: OpContext) => void;

const last = (segs: string[]): string => segs[segs.length - 1] ?? '';

function arithmetic(kind: 'add' | 'mul', name: string): OpFn {
  return (doc, segs, arg, ctx) => {
    const cur = getAt(doc, segs);
    if (cur === undefined) return setAt(doc, segs, kind === 'add' ? arg : zeroLike(arg));
    if (!isNumeric(cur)) {
      fail(
        ErrorCodes.TypeMismatch,
        `Cannot apply ${name} to a value of non-numeric type. {_id: ${formatValue(ctx.id)}} has the field '${last(segs)}' of non-numeric type ${bsonTypeName(cur)}`,
      );
    }
    setAt(doc, segs, addNumeric(cur, arg, kind));
  };
}

function arrayAt(doc: Doc, segs: string[], ctx: OpContext, opName: string): unknown[] | undefined {
  const cur = getAt(doc, segs);
  if (cur === undefined) return undefined;
  if (!Array.isArray(cur)) {
    fail(
      ErrorCodes.BadValue,
      `The field '${last(segs)}' must be an array but is of type ${bsonTypeName(cur)} in document {_id: ${formatValue(ctx.id)}} (${opName})`,
    );
  }
  return cur;
}

function elementMatcher(cond: unknown): (el: unknown) => boolean {
  if (isOperatorObject(cond)) {
    const m = compileFilter({ v: cond });
    return (el) => m.test({ v: el });
  }
  if (isPlainObject(cond)) {
    const m = compileFilter(cond);
    return (el) => isPlainObject(el) && m.test(el);
  }
  return (el) => bsonEquals(el, cond);
}

function sortElements(arr: unknown[], spec: unknown): unknown[] {
  if (isPlainObject(spec)) return sortDocs(arr as Doc[], spec);
  const dir = Number(spec);
  if (dir !== 1 && dir !== -1)
    fail(
      ErrorCodes.BadValue,
      'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
  return [...arr].sort((a, b) => compareValues(a, b) * dir);
}

function bitOp(cur: unknown, spec: Doc): unknown {
  let v: unknown = cur ?? 0;
  for (const [k, operand] of Object.entries(spec)) {
    if (isLong(v) || isLong(operand)) {
      const a = isLong(v) ? v : Long.fromNumber(toNumber(v));
      const b = isLong(operand) ? operand : Long.fromNumber(toNumber(operand));
      v =
        k === 'and'
          ? a.and(b)
          : k === 'or'
            ? a.or(b)
            : k === 'xor'
              ? a.xor(b)
              : fail(
                  ErrorCodes.BadValue,
                  `The $bit modifier only supports 'and', 'or', and 'xor', not '${k}'`,
                );
    } else {
      const a = toNumber(v) | 0;
      const b = toNumber(operand) | 0;
      v =
        k === 'and'
          ? a & b
          : k === 'or'
            ? a | b
            : k === 'xor'
              ? a ^ b
              : fail(
                  ErrorCodes.BadValue,
                  `The $bit modifier only supports 'and', 'or', and 'xor', not '${k}'`,
                );
    }
  }
  return v;
}

export const UPDATE_OPS: Record<string, OpFn> = {
  $set: (doc, segs, arg) => setAt(doc, segs, cloneValue(arg)),
  $setOnInsert: (doc, segs, arg, ctx) => {
    if (ctx.upsertInsert) setAt(doc, segs, cloneValue(arg));
  },
  $unset: (doc, segs) => {
    unsetAt(doc, segs);
  },
  $inc: arithmetic('add', '$inc'),
  $mul: arithmetic('mul', '$mul'),
  $min: (doc, segs, arg) => {
    const cur = getAt(doc, segs);
    if (cur === undefined || compareValues(arg, cur) < 0) setAt(doc, segs, cloneValue(arg));
  },
  $max: (doc, segs, arg) => {
    const cur = getAt(doc, segs);
    if (cur === undefined || compareValues(arg, cur) > 0) setAt(doc, segs, cloneValue(arg));
  },
  $currentDate: (doc, segs, arg, ctx) => {
    const wantsTs = isPlainObject(arg) && arg.$type === 'timestamp';
    setAt(
      doc,
      segs,
      wantsTs
        ? new Timestamp({ t: Math.floor(ctx.now.getTime() / 1000), i: 1 })
        : new Date(ctx.now.getTime()),
    );
  },
  $rename: (doc, segs, arg) => {
    const value = getAt(doc, segs);
    if (value === undefined) return;
    unsetAt(doc, segs);
    setAt(doc, String(arg).split('.'), value);
  },
  $push: (doc, segs, arg, ctx) => {
    const cur = arrayAt(doc, segs, ctx, '$push') ?? [];
    const mods = isPlainObject(arg) && '$each' in arg ? arg : { $each: [arg] };
    if (!Array.isArray(mods.$each))
      fail(
        ErrorCodes.BadValue,
        `The argument to $each in $push must be an array but it was of type: ${bsonTypeName(mods.$each)}`,
      );
    const items = mods.$each.map((x: unknown) => cloneValue(x));
    let next = [...cur];
    if (mods.$position !== undefined) {
      let pos = toNumber(mods.$position);
      if (pos < 0) pos = Math.max(0, next.length + pos);
      next.splice(pos, 0, ...items);
    } else {
      next.push(...items);
    }
    if (mods.$sort !== undefined) next = sortElements(next, mods.$sort);
    if (mods.$slice !== undefined) {
      const n = toNumber(mods.$slice);
      next = n >= 0 ? next.slice(0, n) : next.slice(n);
    }
    setAt(doc, segs, next);
  },
  $addToSet: (doc, segs, arg) => {
    // mingo historically skipped creating the array when the field was missing; mongod creates it.
    const cur = getAt(doc, segs);
    if (cur !== undefined && !Array.isArray(cur)) {
      fail(
        ErrorCodes.BadValue,
        `Cannot apply $addToSet to non-array field. Field named '${last(segs)}' has non-array type ${bsonTypeName(cur)}`,
      );
    }
    const items = isPlainObject(arg) && '$each' in arg ? arg.$each : [arg];
    if (!Array.isArray(items))
      fail(
        ErrorCodes.TypeMismatch,
        `The argument to $each in $addToSet must be an array but it was of type ${bsonTypeName(items)}`,
      );
    const next = [...((cur as unknown[] | undefined) ?? [])];
    for (const v of items) if (!next.some((x) => bsonEquals(x, v))) next.push(cloneValue(v));
    if (cur === undefined || next.length !== (cur as unknown[]).length) setAt(doc, segs, next);
  },
  $pop: (doc, segs, arg, ctx) => {
    const cur = getAt(doc, segs);
    if (cur === undefined) return;
    if (!Array.isArray(cur))
      fail(
        ErrorCodes.TypeMismatch,
        `Path '${ctx.path}' contains an element of non-array type '${bsonTypeName(cur)}'`,
      );
    if (cur.length === 0) return;
    setAt(doc, segs, toNumber(arg) === -1 ? cur.slice(1) : cur.slice(0, -1));
  },
  $pull: (doc, segs, arg) => {
    const cur = getAt(doc, segs);
    if (cur === undefined) return;
    if (!Array.isArray(cur)) fail(ErrorCodes.BadValue, 'Cannot apply $pull to a non-array value');
    const matches = elementMatcher(arg);
    const next = cur.filter((el) => !matches(el));
    if (next.length !== cur.length) setAt(doc, segs, next);
  },
  $pullAll: (doc, segs, arg) => {
    if (!Array.isArray(arg))
      fail(ErrorCodes.BadValue, `$pullAll requires an array argument but was given a ${bsonTypeName(arg)}`);
    const cur = getAt(doc, segs);
    if (cur === undefined) return;
    if (!Array.isArray(cur)) fail(ErrorCodes.BadValue, 'Cannot apply $pull to a non-array value');
    const next = cur.filter((el) => !arg.some((x) => bsonEquals(el, x)));
    if (next.length !== cur.length) setAt(doc, segs, next);
  },
  $bit: (doc, segs, arg) => {
    if (!isPlainObject(arg))
      fail(ErrorCodes.BadValue, `The $bit modifier is not compatible with a ${bsonTypeName(arg)}`);
    const cur = getAt(doc, segs);
    if (cur !== undefined && !isNumeric(cur))
      fail(ErrorCodes.BadValue, `Cannot apply $bit to a value of non-integral type.`);
    setAt(doc, segs, bitOp(cur, arg));
  },
};
