// The business's case settings (due times per priority, automatic opening, assignment, retention): one document each, defaults until changed.
import { DEFAULT_CASE_SETTINGS, type TCaseSettings } from '@cx/contracts';
import { Schema, model, type Types } from 'mongoose';
import { coalescedRead } from '../../lib/coalesce';
import type { Access } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';

const settingsSchema = new Schema(
  {
    business: { type: Schema.Types.ObjectId, ref: 'Business', required: true },
    slaHours: { urgent: Number, high: Number, normal: Number, low: Number },
    autoOpen: { lowWithComment: Boolean, contactRequest: Boolean },
    assignment: { type: String, enum: ['manager', 'round_robin'] },
    retentionDays: Number,
  },
  { timestamps: true },
);
settingsSchema.index({ business: 1 }, { unique: true });
export const CaseSettingsModel = model('CaseSettings', settingsSchema);

const fromDoc = (doc: Partial<TCaseSettings> | null): TCaseSettings => ({
  slaHours: { ...DEFAULT_CASE_SETTINGS.slaHours, ...(doc?.slaHours ?? {}) },
  autoOpen: { ...DEFAULT_CASE_SETTINGS.autoOpen, ...(doc?.autoOpen ?? {}) },
  assignment: doc?.assignment ?? DEFAULT_CASE_SETTINGS.assignment,
  retentionDays: doc?.retentionDays ?? DEFAULT_CASE_SETTINGS.retentionDays,
});

/** The business's settings (the defaults until an admin changes them). */
export async function caseSettingsOf(business: Types.ObjectId | string): Promise<TCaseSettings> {
  // every complaint of a busy business asks: concurrent ones share the read (fromDoc copies it)
  const doc = await coalescedRead(`case-settings:${String(business)}`, () =>
    CaseSettingsModel.findOne(
      { business },
      { slaHours: 1, autoOpen: 1, assignment: 1, retentionDays: 1 },
    ).lean<Partial<TCaseSettings>>(),
  );
  return fromDoc(doc);
}

/** Replaces the settings (one upsert) and audits what changed. */
export async function putCaseSettings(access: Access, input: TCaseSettings): Promise<TCaseSettings> {
  const before = await caseSettingsOf(access.businessId);
  const doc = await CaseSettingsModel.findOneAndUpdate(
    { business: access.businessId },
    { $set: input },
    {
      upsert: true,
      returnDocument: 'after',
      projection: { slaHours: 1, autoOpen: 1, assignment: 1, retentionDays: 1 },
    },
  ).lean<Partial<TCaseSettings>>();
  const after = fromDoc(doc);
  await recordAudit(access, {
    kind: 'settings',
    action: 'cases.settings',
    summary: 'Changed the case settings',
    before: before as unknown as Record<string, unknown>,
    after: after as unknown as Record<string, unknown>,
  });
  return after;
}
