// The whole location tree of one business in memory (areas and live stores): paths up, parents and stores under an area.
import { Types } from 'mongoose';
import { AreaModel, type AreaDoc } from './area.model';
import { BusinessModel } from './business.model';
import { StoreModel } from '../modules/stores/store.model';

export interface TreeNode {
  id: string;
  kind: 'area' | 'store';
  name: string;
  /** The parent area's id; null only for the top area. */
  parent: string | null;
}

export interface Tree {
  business: string;
  rootId: string;
  nodes: Map<string, TreeNode>;
  /** Node id → its children (areas and stores). */
  children: Map<string, string[]>;
}

/** Reads the tree in two queries. The top area is the business's id, whether or not it was written yet. */
export async function loadTree(businessId: string): Promise<Tree> {
  const business = String(businessId);
  const [areas, stores, owner] = await Promise.all([
    AreaModel.find({ business }, { name: 1, parent: 1, isRoot: 1 }).lean<AreaDoc[]>(),
    StoreModel.find({ business, deletedAt: null }, { name: 1, area: 1 }).lean(),
    BusinessModel.findById(business, { name: 1 }).lean(),
  ]);
  const nodes = new Map<string, TreeNode>();
  nodes.set(business, { id: business, kind: 'area', name: owner?.name ?? 'All stores', parent: null });
  for (const a of areas) {
    const id = String(a._id);
    if (a.isRoot || id === business) {
      nodes.set(business, { id: business, kind: 'area', name: a.name, parent: null });
      continue;
    }
    nodes.set(id, { id, kind: 'area', name: a.name, parent: a.parent ? String(a.parent) : business });
  }
  for (const s of stores) {
    const id = String(s._id);
    const area = s.area ? String(s.area) : business;
    nodes.set(id, { id, kind: 'store', name: s.name, parent: nodes.has(area) ? area : business });
  }
  const children = new Map<string, string[]>();
  for (const n of nodes.values()) {
    if (n.parent === null) continue;
    const list = children.get(n.parent) ?? [];
    list.push(n.id);
    children.set(n.parent, list);
  }
  return { business, rootId: business, nodes, children };
}

/** The node and every area above it, nearest first, ending at the top area. */
export function pathUp(tree: Tree, id: string): TreeNode[] {
  const out: TreeNode[] = [];
  const seen = new Set<string>();
  for (let n = tree.nodes.get(id); n && !seen.has(n.id); n = n.parent ? tree.nodes.get(n.parent) : undefined) {
    seen.add(n.id);
    out.push(n);
  }
  return out;
}

/** Every live store at or under the node (a store: itself). */
export function storesUnder(tree: Tree, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const n = tree.nodes.get(stack.pop()!);
    if (!n) continue;
    if (n.kind === 'store') out.push(n.id);
    else stack.push(...(tree.children.get(n.id) ?? []));
  }
  return out;
}

/** The lowest area holding every one of the stores (the top area when they are spread or none is given). */
export function lowestCommonArea(tree: Tree, storeIds: readonly string[]): string {
  let common: string[] | null = null;
  for (const s of storeIds) {
    const up = pathUp(tree, s)
      .filter((n) => n.kind === 'area')
      .map((n) => n.id)
      .reverse();
    if (common === null) common = up;
    else {
      let i = 0;
      while (i < common.length && i < up.length && common[i] === up[i]) i++;
      common = common.slice(0, i);
    }
  }
  return common?.at(-1) ?? tree.rootId;
}

export const isObjectId = (id: string) => Types.ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id);
