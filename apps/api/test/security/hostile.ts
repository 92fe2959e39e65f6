// fast-check arbitraries for hostile input: wrong types, NoSQL operators, $ and . keys, long and odd strings, huge arrays.
import fc from 'fast-check';

const HTML = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '<svg/onload=alert(1)>',
];
const UNICODE = [
  '\u0000',
  '\uD800',
  '\u202Eevil',
  '👍🏽👨‍👩‍👧',
  'Ｚｅｐｈｙｒ',
  'e\u0301',
  '\u200B',
  ' '.repeat(300),
  '\r\n\t',
];
const BAD_OBJECT_IDS = [
  '0'.repeat(23),
  'g'.repeat(24),
  `${'5f'.repeat(12)}0`,
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  '[object Object]',
  '{"$gt":""}',
  '507f1f77bcf86cd79943901',
];
const OPERATORS: object[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  { $in: [] },
  { $exists: true },
  { $expr: { $eq: [1, 1] } },
];
const HOSTILE_KEYS = [
  '$gt',
  '$set',
  '$where',
  'a.b',
  '.',
  '$',
  '__proto__',
  'constructor',
  'prototype',
  'owner',
];

/** Strings that fit in a URL: bad ids, operators as text, unicode, HTML, path tricks, random text. */
export const hostilePathValue = fc.oneof(
  fc.constantFrom(...BAD_OBJECT_IDS, ...UNICODE.filter((u) => u.length < 50), ...HTML),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constant('a'.repeat(2000)),
  // Malformed percent-encoding, put in the URL as it is.
  fc.constantFrom('raw:%E0%A4%A', 'raw:%', 'raw:%zz', 'raw:%C0%AF'),
);

const scalar = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -0.5,
    '',
    ' ',
    ...HTML,
    ...UNICODE,
    ...BAD_OBJECT_IDS,
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const dollarObject = fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), scalar, { minKeys: 1, maxKeys: 3 });

/** Any JSON value an attacker might put in a field; `big` allows sizes that only a body can carry. */
export function hostileValue(big: boolean): fc.Arbitrary<unknown> {
  const sized = big
    ? fc.constantFrom<unknown>(
        'a'.repeat(5_000),
        'ü'.repeat(20_000),
        '<'.repeat(300),
        Array(5_000).fill('a'),
        Array(500).fill({ $gt: '' }),
      )
    : fc.constantFrom<unknown>('a'.repeat(1_500), Array(100).fill('a'));
  return fc.oneof(
    scalar,
    fc.constantFrom(...OPERATORS),
    dollarObject,
    sized,
    fc.array(scalar, { maxLength: 5 }),
    fc.array(fc.constantFrom(...OPERATORS), { minLength: 1, maxLength: 3 }),
  );
}

const flatScalar = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, '', ...HTML, ...UNICODE, ...BAD_OBJECT_IDS),
  fc.string({ maxLength: 40 }),
  fc.integer(),
);

/** Query values whose form on the wire is predictable (see queryWire): scalars, repeated keys, one-level objects. */
export const hostileQueryValue = fc.oneof(
  flatScalar,
  fc.constant('a'.repeat(1_500)),
  fc.array(flatScalar, { minLength: 2, maxLength: 30 }),
  fc.dictionary(fc.constantFrom(...HOSTILE_KEYS.filter((k) => k !== '__proto__')), flatScalar, {
    minKeys: 1,
    maxKeys: 3,
  }),
);

const wireScalar = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** What Express's query parser hands the API for a query object sent by supertest (as the server will validate it). */
export function queryWire(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      if (v.length === 1) out[k] = wireScalar(v[0]);
      else if (v.length > 1) out[k] = v.map(wireScalar);
    } else if (v !== null && typeof v === 'object') {
      const inner = Object.fromEntries(Object.entries(v).map(([ik, iv]) => [ik, wireScalar(iv)]));
      if (Object.keys(inner).length) out[k] = inner;
    } else out[k] = wireScalar(v);
  }
  return out;
}

/** A whole body that is not the expected object at all. */
export const hostileBody = fc.oneof(
  fc.constantFrom<unknown>(null, [], 'text', 42, true, [{ $gt: '' }], { __proto__: { admin: true } }),
  dollarObject,
  fc.array(scalar, { maxLength: 4 }),
);

/** An object with one known field replaced by a hostile value, and maybe hostile extra keys. */
export function mutatedObject(
  base: Record<string, unknown>,
  keys: string[],
  big: boolean,
  values: fc.Arbitrary<unknown> = hostileValue(big),
): fc.Arbitrary<Record<string, unknown>> {
  const fields = [...new Set([...keys, ...Object.keys(base)])];
  return fc
    .record({
      key: fields.length ? fc.constantFrom(...fields) : fc.constant('x'),
      value: values,
      extra: fc.option(dollarObject, { nil: undefined }),
      drop: fc.boolean(),
    })
    .map(({ key, value, extra, drop }) => {
      const out: Record<string, unknown> = { ...base, ...(extra ?? {}) };
      if (drop && fields.length > 1) delete out[key];
      else out[key] = value;
      return out;
    });
}
