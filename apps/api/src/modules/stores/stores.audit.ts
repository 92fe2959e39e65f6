// The stores' audit entries in words: "Renamed Soho to Soho Square", "Turned off staff ratings at Soho".
import type { TStoreInterfaces, ZStoreUpdateSchema } from '@cx/contracts';
import type { Access } from '../../tenancy/access';
import { AreaModel } from '../../tenancy/area.model';
import { recordAudit } from '../../tenancy/audit';
import type { StoreDoc } from './store.model';
import { socialLinksOf } from './stores.service';

type StoreUpdate = ReturnType<typeof ZStoreUpdateSchema.parse>;

/** Human names of the fields an update touched, for the audit summary. */
const FIELD_WORDS: Record<string, string> = {
  address: 'address',
  timeZone: 'time zone',
  openingHours: 'opening hours',
  socialLinks: 'links',
  minRatingIntervalMinutes: 'rating interval',
  languages: 'QR page languages',
};

/** "Renamed Soho to Soho Square", "Changed the opening hours of Soho": only what changed, small before/after. */
export async function auditStoreUpdate(access: Access, before: StoreDoc, after: StoreDoc, data: StoreUpdate) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const changed: string[] = [];
  const keys = [
    'name',
    'address',
    'timeZone',
    'openingHours',
    'socialLinks',
    'minRatingIntervalMinutes',
    'languages',
  ] as const;
  for (const key of keys) {
    // A setting handed back to the area counts as a change of it when its value changes.
    if (data[key] === undefined && !data.inherit?.includes(key as never)) continue;
    const was = key === 'socialLinks' ? socialLinksOf(before) : before[key];
    const now = key === 'socialLinks' ? socialLinksOf(after) : after[key];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    b[key] = key === 'openingHours' ? undefined : was;
    a[key] = key === 'openingHours' ? undefined : now;
    if (key !== 'name') changed.push(FIELD_WORDS[key]!);
  }
  const renamed = 'name' in a;
  if (!renamed && changed.length === 0) return;
  const parts = [
    ...(renamed ? [`Renamed ${before.name} to ${after.name}`] : []),
    ...(changed.length ? [`changed the ${changed.join(', ')} of ${after.name}`] : []),
  ];
  const summary = parts.join(' and ');
  await recordAudit(access, {
    kind: 'store',
    action: 'store.update',
    summary: summary.charAt(0).toUpperCase() + summary.slice(1),
    store: after,
    before: b,
    after: a,
  });
}

/** The customer-facing names of the three interfaces, for audit summaries. */
const INTERFACE_NAMES: Record<string, string> = {
  interface1: 'staff ratings',
  interface2: 'experience ratings',
  interface3: 'the social media links',
};

/** "Turned off staff ratings at Soho": one entry per save that changed a switch, naming each switch changed. */
export async function auditInterfaces(
  access: Access,
  store: StoreDoc,
  was: TStoreInterfaces,
  now: TStoreInterfaces,
): Promise<void> {
  const keys = (Object.keys(now) as Array<keyof TStoreInterfaces>).filter(
    (k) => was[k].status !== now[k].status,
  );
  if (keys.length === 0) return;
  const phrase = (on: boolean) => {
    const names = keys.filter((k) => now[k].status === on).map((k) => INTERFACE_NAMES[k]);
    return names.length ? `turned ${on ? 'on' : 'off'} ${names.join(' and ')}` : null;
  };
  const said = [phrase(false), phrase(true)].filter(Boolean).join(' and ');
  await recordAudit(access, {
    kind: 'interfaces',
    action: 'store.interfaces',
    summary: `${said.charAt(0).toUpperCase()}${said.slice(1)} at ${store.name}`,
    store,
    before: Object.fromEntries(keys.map((k) => [k, was[k].status])),
    after: Object.fromEntries(keys.map((k) => [k, now[k].status])),
  });
}

/** "Moved Soho from London to Manchester": the audit names who changed which areas cover the store. */
export async function auditStoreMove(access: Access, before: StoreDoc, after: StoreDoc): Promise<void> {
  if (String(before.area) === String(after.area)) return;
  const names = new Map(
    (
      await AreaModel.find({ _id: { $in: [before.area, after.area].filter(Boolean) } }, { name: 1 }).lean()
    ).map((a) => [String(a._id), a.name]),
  );
  const from = before.area ? (names.get(String(before.area)) ?? null) : null;
  const to = names.get(String(after.area)) ?? null;
  await recordAudit(access, {
    kind: 'store',
    action: 'store.move',
    summary: from ? `Moved ${after.name} from ${from} to ${to}` : `Placed ${after.name} in ${to}`,
    store: after,
    before: { area: from },
    after: { area: to },
  });
}
