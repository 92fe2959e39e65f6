// The location tree as the Structure page draws it: areas nested under the top area, each with its stores.
import type { TArea, TStore } from '@cx/contracts';

export type TTreeNode = { area: TArea; depth: number; children: TTreeNode[]; stores: TStore[] };

/** What is being moved: an area (with everything under it) or one store. */
export type TMovable =
  { kind: 'area'; id: string; name: string } | { kind: 'store'; id: string; name: string };

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * Nests the areas under the top one (the area without a parent). A store whose area is unknown (not yet migrated, or
 * above what a limited member sees) is drawn under the top area, as the API places it.
 */
export function buildTree(areas: TArea[], stores: TStore[]): TTreeNode | null {
  const top = areas.find((a) => a.parent === null);
  if (!top) return null;
  const nodes = new Map(
    areas.map((area) => [area._id, { area, depth: 0, children: [], stores: [] } as TTreeNode]),
  );
  for (const node of nodes.values()) {
    if (node.area.parent === null) continue;
    (nodes.get(node.area.parent) ?? nodes.get(top._id)!).children.push(node);
  }
  for (const store of stores) (nodes.get(store.area ?? '') ?? nodes.get(top._id)!).stores.push(store);
  const root = nodes.get(top._id)!;
  const settle = (node: TTreeNode, depth: number) => {
    node.depth = depth;
    node.children.sort((a, b) => byName(a.area, b.area));
    node.stores.sort(byName);
    for (const child of node.children) settle(child, depth + 1);
  };
  settle(root, 0);
  return root;
}

/** Every node, parents before children, siblings by name (the order of the "Move to…" lists). */
export function flatten(root: TTreeNode): TTreeNode[] {
  return [root, ...root.children.flatMap(flatten)];
}

/** The node's area and every area below it. */
export function subtreeIds(node: TTreeNode): Set<string> {
  return new Set(flatten(node).map((n) => n.area._id));
}

/** Stores in the node and below it. */
export function storeCount(node: TTreeNode): number {
  return node.stores.length + node.children.reduce((sum, child) => sum + storeCount(child), 0);
}

/** The areas `item` may move to: not where it already is, and an area never under itself. */
export function moveTargets(root: TTreeNode, item: TMovable): TTreeNode[] {
  const all = flatten(root);
  if (item.kind === 'store') return all.filter((n) => !n.stores.some((s) => s._id === item.id));
  const self = all.find((n) => n.area._id === item.id);
  if (!self) return [];
  const inside = subtreeIds(self);
  return all.filter((n) => !inside.has(n.area._id) && !n.children.includes(self));
}
