// Who may own a case: the members covering its store (all stores, the store itself, or an area above it).
import type { TArea, TMember, TStore } from '@cx/contracts';

/** Members whose stores (all, listed, or under one of their areas) include the case's store. */
export function membersCovering(
  members: TMember[],
  storeId: string,
  stores: TStore[],
  areas: TArea[],
): TMember[] {
  const parentOf = new Map(areas.map((a) => [a._id, a.parent]));
  const chain = new Set<string>();
  for (
    let a = stores.find((s) => s._id === storeId)?.area ?? null;
    a && !chain.has(a);
    a = parentOf.get(a) ?? null
  )
    chain.add(a);
  return members.filter(
    (m) => m.stores === null || m.stores.includes(storeId) || m.areas.some((a) => chain.has(a)),
  );
}
