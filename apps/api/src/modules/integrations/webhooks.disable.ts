// Tells the business's owner that an endpoint was turned off after a day of failed deliveries.
import { env } from '../../config/env';
import { escapeHtml, sendMailInBackground } from '../../lib/mailer';
import { MembershipModel } from '../../tenancy/membership.model';
import { UserModel } from '../users/user.model';
import type { WebhookEndpointDoc } from './webhook.model';

export async function notifyEndpointDisabled(endpoint: WebhookEndpointDoc): Promise<void> {
  const owner = await MembershipModel.findOne(
    { business: endpoint.business, role: 'owner' },
    { user: 1 },
  ).lean();
  const user = owner ? await UserModel.findById(owner.user, { email: 1 }).lean() : null;
  if (!user) return;
  const link = `${env.PUBLIC_WEB_URL}/integrations`;
  const reason = endpoint.disabledReason ?? 'Every delivery failed for 24 hours';
  sendMailInBackground({
    to: user.email,
    subject: 'A webhook endpoint was turned off',
    text: `We turned off your webhook endpoint ${endpoint.url}.\n${reason}.\n\nFix it and turn it back on: ${link}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<p>We turned off your webhook endpoint <strong>${escapeHtml(endpoint.url)}</strong>.</p>
<p>${escapeHtml(reason)}.</p>
<p><a href="${escapeHtml(link)}">Fix it and turn it back on</a></p></body></html>`,
    devPreview: { link },
  });
}
