// Which journeys a run takes and in what order: a filter (file or journey name), then as written, reversed, or
// shuffled with a printed seed, so a journey that leans on another's data or cleanup shows up.

export type Order = { kind: 'sorted' } | { kind: 'reverse' } | { kind: 'shuffle'; seed: number };

/** CX_E2E_ORDER = sorted (default) | reverse | shuffle; CX_E2E_SEED repeats a shuffle. */
export function orderFrom(order: string | undefined, seed: string | undefined): Order {
  switch (order ?? 'sorted') {
    case 'sorted':
      return { kind: 'sorted' };
    case 'reverse':
      return { kind: 'reverse' };
    case 'shuffle': {
      const parsed = seed === undefined || seed === '' ? Math.floor(Math.random() * 2 ** 31) : Number(seed);
      if (!Number.isInteger(parsed) || parsed < 0)
        throw new Error(`CX_E2E_SEED=${seed} is not a whole number`);
      return { kind: 'shuffle', seed: parsed };
    }
    default:
      throw new Error(`CX_E2E_ORDER=${order} is not one of sorted, reverse, shuffle`);
  }
}

/** mulberry32: a small seeded generator, enough to repeat an order from its seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function arrange<T>(items: readonly T[], order: Order): T[] {
  const out = [...items];
  if (order.kind === 'reverse') return out.reverse();
  if (order.kind === 'shuffle') {
    const random = seeded(order.seed);
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
  }
  return out;
}

export const describeOrder = (order: Order): string =>
  order.kind === 'shuffle'
    ? `shuffled with seed ${order.seed} (repeat: CX_E2E_ORDER=shuffle CX_E2E_SEED=${order.seed})`
    : order.kind;
