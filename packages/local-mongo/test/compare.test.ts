// Byte-identity of values (the update's "modified" check) and BSON order of values on the engine's fast paths.
import { Binary, Decimal128, Long, ObjectId, serialize } from 'bson';
import { compareValues, sameBson } from '../src/compare';

// inside an array, as values sit inside documents: an undefined element is null there (an undefined field is omitted)
const bytesEqual = (a: unknown, b: unknown) =>
  Buffer.compare(serialize({ v: [a] }), serialize({ v: [b] })) === 0;

describe('sameBson', () => {
  const oid = new ObjectId();
  const PAIRS: Array<[unknown, unknown]> = [
    [1, 1],
    [1, 2],
    [1, 1.5],
    [1, Long.fromNumber(1)],
    [Long.fromNumber(7), Long.fromNumber(7)],
    [Decimal128.fromString('1.0'), Decimal128.fromString('1.00')],
    [Number.NaN, Number.NaN],
    [0, -0],
    ['a', 'a'],
    ['a', 'b'],
    [null, undefined],
    [null, 0],
    [true, 1],
    [new Date(5), new Date(5)],
    [new Date(5), new Date(6)],
    [oid, new ObjectId(oid.toHexString())],
    [oid, new ObjectId()],
    [new Binary(Buffer.from([1, 2])), new Binary(Buffer.from([1, 2]))],
    [/a/i, /a/i],
    [
      [1, [2]],
      [1, [2]],
    ],
    [[1, 2], [1]],
    [
      { a: 1, b: 2 },
      { a: 1, b: 2 },
    ],
    [
      { a: 1, b: 2 },
      { b: 2, a: 1 },
    ],
    [{ a: undefined }, { a: null }],
    [{ a: 1 }, { a: 1, b: undefined }],
    [{ a: [1] }, { a: { 0: 1 } }],
    [{ d: { e: [oid] } }, { d: { e: [new ObjectId(oid.toHexString())] } }],
  ];

  test.each(PAIRS.map((p, i) => [i, ...p]))('pair %i agrees with comparing serialised bytes', (_i, a, b) => {
    expect(sameBson(a, b)).toBe(bytesEqual(a, b));
    expect(sameBson(b, a)).toBe(bytesEqual(b, a));
  });
});

describe('compareValues on ObjectIds', () => {
  test('orders ObjectIds by their bytes, high bytes and last bytes included', () => {
    const hex = [
      '000000000000000000000000',
      '000000000000000000000001',
      '0000000000000000000000ff',
      '000000000000000000ff0000',
      '000000000000ff0000000000',
      '7fffffffffffffffffffffff',
      '800000000000000000000000',
      'ff0000000000000000000000',
      'ffffffffffffffffffffffff',
    ];
    const ids = hex.map((h) => new ObjectId(h));
    for (let i = 0; i < ids.length; i++) {
      for (let j = 0; j < ids.length; j++) {
        expect(compareValues(ids[i], ids[j])).toBe(Math.sign(i - j));
      }
    }
  });

  test('numbers, strings and dates of one type keep BSON order (NaN lowest, -0 equal to 0)', () => {
    expect(compareValues(Number.NaN, -Infinity)).toBe(-1);
    expect(compareValues(-0, 0)).toBe(0);
    expect(compareValues(2, 10)).toBe(-1);
    expect(compareValues('10', '2')).toBe(-1);
    expect(compareValues(new Date(2), new Date(1))).toBe(1);
    expect(compareValues(1, '1')).toBe(-1);
  });
});
