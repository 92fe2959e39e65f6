// A rule's alert targets must be the business's own: its channels, and a current member to escalate to.
import type { TRuleInput } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import type { Access } from '../../tenancy/access';
import { MembershipModel } from '../../tenancy/membership.model';
import { AlertChannelModel } from './alerts.model';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, 400, { [field]: [message] });

export async function assertRuleTargets(access: Access, input: TRuleInput): Promise<void> {
  const channels = [...new Set(input.channels ?? [])];
  if (channels.length) {
    const found = await AlertChannelModel.countDocuments({
      business: access.businessId,
      _id: { $in: channels },
    });
    if (found !== channels.length) throw invalid('channels', 'Choose channels connected to this business');
  }
  const to = input.escalation?.to;
  if (to && to !== 'owner') {
    const member = await MembershipModel.exists({ business: access.businessId, user: to });
    if (!member) throw invalid('escalation.to', 'Escalate to the owner or a member of this business');
  }
}
