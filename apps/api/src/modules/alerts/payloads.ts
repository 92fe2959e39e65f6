// Formats one alert for each channel: Slack Block Kit blocks, a Teams MessageCard, an HTML + text email.
import { escapeHtml } from '../../lib/mailer';

export interface AlertPost {
  /** The alert's subject line ("Low rating at High Street"). */
  title: string;
  /** The alert in plain text (values unescaped: each format escapes for itself). */
  text: string;
  /** Small print: what and when. */
  context: string;
  /** The rating on the CX Feedback Timeline (or the dashboard when the alert is not about one rating). */
  link: string;
  linkLabel: string;
  /** The signed single-use acknowledge link; null for a test message. */
  ackUrl: string | null;
}

/** Slack's mrkdwn treats &, < and > as control characters: they must arrive escaped. */
const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Slack incoming webhook body: `text` is the notification fallback, `blocks` the message (Block Kit limits kept). */
export function slackMessage(p: AlertPost) {
  const buttons: Record<string, unknown>[] = [
    {
      type: 'button',
      action_id: 'open',
      text: { type: 'plain_text', text: p.linkLabel, emoji: true },
      url: p.link,
      style: 'primary',
    },
  ];
  if (p.ackUrl) {
    buttons.push({
      type: 'button',
      action_id: 'acknowledge',
      text: { type: 'plain_text', text: 'Acknowledge', emoji: true },
      url: p.ackUrl,
    });
  }
  return {
    text: cut(`${p.title}: ${p.text}`, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(p.title, 150), emoji: true } },
      { type: 'section', text: { type: 'mrkdwn', text: cut(slackEscape(p.text), 3000) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: cut(slackEscape(p.context), 3000) }] },
      { type: 'actions', elements: buttons },
    ],
  };
}

/** Teams incoming webhook body: a legacy actionable MessageCard (what Office 365 connectors and Workflows accept). */
export function teamsMessage(p: AlertPost) {
  const action = (name: string, uri: string) => ({
    '@type': 'OpenUri',
    name,
    targets: [{ os: 'default', uri }],
  });
  return {
    '@type': 'MessageCard',
    '@context': 'https://schema.org/extensions',
    summary: cut(p.title, 200),
    themeColor: 'D93F0B',
    title: escapeHtml(p.title),
    sections: [
      {
        activityTitle: escapeHtml(p.title),
        activitySubtitle: escapeHtml(p.context),
        text: escapeHtml(p.text),
      },
    ],
    potentialAction: [action(p.linkLabel, p.link), ...(p.ackUrl ? [action('Acknowledge', p.ackUrl)] : [])],
  };
}

/** The email of an alert channel (and of a held-back member email): every value escaped. */
export function emailMessage(p: AlertPost): { subject: string; html: string; text: string } {
  const ack = p.ackUrl
    ? `<p><a href="${escapeHtml(p.ackUrl)}" style="font-weight:bold">Acknowledge this alert</a></p>`
    : '';
  return {
    subject: p.title,
    text:
      `${p.text}\n\n${p.context}\n\n${p.linkLabel}: ${p.link}\n` +
      (p.ackUrl ? `Acknowledge this alert: ${p.ackUrl}\n` : ''),
    html:
      `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">` +
      `<h2 style="font-size:18px">${escapeHtml(p.title)}</h2><p>${escapeHtml(p.text)}</p>` +
      `<p style="color:#4a5568;font-size:12px">${escapeHtml(p.context)}</p>` +
      `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.linkLabel)}</a></p>${ack}</body></html>`,
  };
}

export function formatFor(kind: 'slack' | 'teams' | 'email', p: AlertPost): Record<string, unknown> {
  if (kind === 'slack') return slackMessage(p);
  if (kind === 'teams') return teamsMessage(p);
  return emailMessage(p);
}
