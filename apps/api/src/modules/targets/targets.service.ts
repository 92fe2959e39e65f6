// Targets: who may set one where, the nearest-ancestor inheritance, and the audit of every change.
import { Types } from 'mongoose';
import {
  can,
  TARGET_MESSAGES,
  TARGET_METRIC_LABELS,
  TARGET_METRICS,
  ZTargetInputSchema,
  type TEffectiveTarget,
  type TTarget,
  type TTargetMetric,
  type TTargetNode,
} from '@cx/contracts';
import { AppError, notFound } from '../../lib/errors';
import { assertStoreInScope, type Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { loadTree, pathUp, type Tree, type TreeNode } from '../../tenancy/tree';
import { TargetModel, type TargetDoc } from './target.model';

/** Node id → metric → value. */
export type TargetIndex = Map<string, Map<TTargetMetric, number>>;

export function indexTargets(targets: Pick<TargetDoc, 'node' | 'metric' | 'value'>[]): TargetIndex {
  const out: TargetIndex = new Map();
  for (const t of targets) {
    const node = String(t.node);
    if (!out.has(node)) out.set(node, new Map());
    out.get(node)!.set(t.metric as TTargetMetric, t.value);
  }
  return out;
}

export const nodeRef = (n: TreeNode): TTargetNode => ({ _id: n.id, kind: n.kind, name: n.name });

/** The node's own target for the metric, else the nearest area's above it, else none. */
export function effectiveTarget(tree: Tree, index: TargetIndex, nodeId: string, metric: TTargetMetric) {
  for (const n of pathUp(tree, nodeId)) {
    const value = index.get(n.id)?.get(metric);
    if (value !== undefined) return { value, from: nodeRef(n) };
  }
  return { value: null, from: null };
}

export const effectiveTargets = (tree: Tree, index: TargetIndex, nodeId: string): TEffectiveTarget[] =>
  TARGET_METRICS.map((metric) => ({ metric, ...effectiveTarget(tree, index, nodeId, metric) }));

/** The business's targets and tree, read together. */
export async function loadTargets(business: string): Promise<{ tree: Tree; targets: TargetDoc[] }> {
  const [tree, targets] = await Promise.all([
    loadTree(business),
    TargetModel.find({ business }).lean<TargetDoc[]>(),
  ]);
  return { tree, targets };
}

/**
 * The nodes a member sees: every node for all-store members; else their stores and the areas above them, and
 * everything under an area they were granted (also its empty areas).
 */
export function visibleNodes(access: Access, tree: Tree): Set<string> | null {
  if (access.storeIds === null) return null;
  const out = new Set<string>();
  for (const s of access.storeIds) for (const n of pathUp(tree, s)) out.add(n.id);
  const stack = [...(access.areaIds ?? [])].filter((id) => tree.nodes.has(id));
  for (const id of stack) for (const n of pathUp(tree, id)) out.add(n.id);
  while (stack.length) {
    const id = stack.pop()!;
    out.add(id);
    for (const child of tree.children.get(id) ?? []) if (tree.nodes.get(child)?.kind === 'area') stack.push(child);
  }
  return out;
}

/** A node of this business the member sees, or 404 (also another business's id or an out-of-scope store). */
function nodeFor(access: Access, tree: Tree, id: string): TreeNode {
  const node = tree.nodes.get(id);
  if (!node) throw notFound('Area or store');
  if (node.kind === 'store') assertStoreInScope(access, id, 'Area or store');
  const seen = visibleNodes(access, tree);
  if (seen && !seen.has(id)) throw notFound('Area or store');
  return node;
}

/**
 * Owners and admins set targets anywhere; a member limited to some stores sets them on those stores, and on an area
 * only where they were granted it or an area above it (area grants, where the membership carries them).
 */
function maySet(access: Access, tree: Tree, node: TreeNode): boolean {
  if (!can(access.role, 'targets:write')) return false;
  if (access.storeIds === null || node.kind === 'store') return true;
  const granted = access.areaIds ?? [];
  return pathUp(tree, node.id).some((n) => granted.includes(n.id));
}

function assertMaySet(access: Access, tree: Tree, node: TreeNode): void {
  if (!maySet(access, tree, node)) throw new AppError('FORBIDDEN', TARGET_MESSAGES.areaForbidden, 403);
}

const toDto = (t: TargetDoc): TTarget => ({
  _id: String(t._id),
  metric: t.metric as TTargetMetric,
  node: String(t.node),
  nodeKind: t.nodeKind as TTarget['nodeKind'],
  value: t.value,
  updatedAt: new Date(t.updatedAt).toISOString(),
});

export async function listTargets(access: Access, node?: string) {
  const { tree, targets } = await loadTargets(access.businessId);
  const seen = visibleNodes(access, tree);
  const mine = targets.filter((t) => tree.nodes.has(String(t.node)) && (!seen || seen.has(String(t.node))));
  if (!node) return { targets: mine.map(toDto) };
  const at = nodeFor(access, tree, node);
  return {
    targets: mine.map(toDto),
    effective: effectiveTargets(tree, indexTargets(targets), node),
    canSet: maySet(access, tree, at),
  };
}

export async function setTarget(access: Access, input: unknown) {
  const data = ZTargetInputSchema.parse(input);
  const business = access.businessId;
  const tree = await loadTree(business);
  const node = nodeFor(access, tree, data.node);
  assertMaySet(access, tree, node);
  const filter = { business, node: new Types.ObjectId(node.id), metric: data.metric };
  const before = await TargetModel.findOne(filter).lean<TargetDoc>();
  const value = data.value ?? null;
  let saved: TargetDoc | null = null;
  if (value === null) {
    if (before) await TargetModel.deleteOne({ _id: before._id, business });
  } else {
    saved = await TargetModel.findOneAndUpdate(
      filter,
      { $set: { value, nodeKind: node.kind, updatedBy: access.userId } },
      { upsert: true, returnDocument: 'after' },
    ).lean<TargetDoc>();
  }
  if ((before?.value ?? null) !== value) {
    const label = TARGET_METRIC_LABELS[data.metric];
    await recordAudit(access, {
      kind: 'target',
      action: value === null ? 'target.remove' : 'target.set',
      summary:
        value === null
          ? `Removed the ${label} target of ${node.name}`
          : `Set the ${label} target of ${node.name} to ${value}${before ? ` (was ${before.value})` : ''}`,
      store: node.kind === 'store' ? { _id: new Types.ObjectId(node.id), name: node.name } : null,
      before: before ? { metric: data.metric, node: node.name, value: before.value } : null,
      after: value === null ? null : { metric: data.metric, node: node.name, value },
    });
  }
  const all = await TargetModel.find({ business }).lean<TargetDoc[]>();
  return {
    target: saved ? toDto(saved) : null,
    effective: effectiveTargets(tree, indexTargets(all), node.id),
  };
}
