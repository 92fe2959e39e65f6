// The tree as the Targets page lists it: the top area, then each area's stores and areas below it, with their depth.
import type { TArea, TRole, TStore } from '@cx/contracts';

export type TNode = { id: string; kind: 'area' | 'store'; name: string; depth: number };

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Parents before children; a store whose area is unknown to the member sits under the top area. */
export function listNodes(areas: TArea[], stores: Pick<TStore, '_id' | 'name' | 'area'>[]): TNode[] {
  const top = areas.find((a) => a.parent === null);
  if (!top) return [];
  const known = new Set(areas.map((a) => a._id));
  const out: TNode[] = [];
  const walk = (area: TArea, depth: number) => {
    out.push({ id: area._id, kind: 'area', name: area.name, depth });
    const here = stores.filter((s) => (s.area && known.has(s.area) ? s.area : top._id) === area._id);
    for (const s of [...here].sort(byName))
      out.push({ id: s._id, kind: 'store', name: s.name, depth: depth + 1 });
    for (const child of areas.filter((a) => a.parent === area._id).sort(byName)) walk(child, depth + 1);
  };
  walk(top, 0);
  return out;
}

/** Before the API answers `canSet`: Owner/Admin anywhere, a manager on stores (area grants come from the API). */
export function canSetAt(role: TRole | null, node: TNode): boolean {
  if (role === 'owner' || role === 'admin') return true;
  return role === 'manager' && node.kind === 'store';
}
