// The report mail: headline figures in text and HTML, the PDF attached, and a signed one-click unsubscribe link.
import { env } from '../../config/env';
import { escapeHtml, type Mail } from '../../lib/mailer';
import type { ReportData } from './report.data';
import { caseLines, compared, daysLabel, HEADLINE_FIGURES, PERIOD_NAMES, targetLines } from './report.format';

const tokenQuery = (token: string) => new URLSearchParams({ token }).toString();
/** The mail's link: a web page whose button stops the report (a link scanner's visit changes nothing). */
export const unsubscribePageUrl = (token: string) =>
  `${env.PUBLIC_WEB_URL}/reports/unsubscribe?${tokenQuery(token)}`;
/** The List-Unsubscribe header: the API route a mail client POSTs to (RFC 8058 one-click). */
export const oneClickUrl = (token: string) =>
  `${env.PUBLIC_API_URL}/api/v1/reports/unsubscribe?${tokenQuery(token)}`;

export const reportFileName = (data: ReportData) => `cx-report-${data.period}-${data.days.from}.pdf`;

export function reportMail(to: string, data: ReportData, pdf: Buffer, token: string): Mail {
  const name = PERIOD_NAMES[data.period].toLowerCase();
  const when = daysLabel(data.days);
  const unsubscribe = unsubscribePageUrl(token);
  const dashboard = `${env.PUBLIC_WEB_URL}/dashboard`;
  const lines = HEADLINE_FIGURES.map((f) => ({
    label: f.label,
    value: compared(data.snapshot[f.key], f.format),
  }));
  const targets = targetLines([...data.storeLeague.ranked, ...data.storeLeague.notRanked]);
  const cases = data.cases.opened || data.cases.open ? caseLines(data.cases) : [];
  const text =
    `Your ${name} CX Journey report for ${data.business}, ${when}\n\n` +
    lines.map((l) => `${l.label}: ${l.value}`).join('\n') +
    (targets.length ? `\n\nTargets:\n${targets.join('\n')}` : '') +
    (cases.length ? `\n\nComplaint handling:\n${cases.join('\n')}` : '') +
    `\n\nThe attached PDF has the trend, both league tables and the period's comments.\n` +
    `Open the dashboard: ${dashboard}\n\n` +
    `Stop the ${name} report: ${unsubscribe}\n`;
  const rows = lines
    .map((l) => `<tr><td>${escapeHtml(l.label)}</td><td align="right">${escapeHtml(l.value)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c">
<h2>Your ${escapeHtml(name)} report for ${escapeHtml(data.business)}</h2>
<p>${escapeHtml(when)}</p>
<table cellpadding="6">${rows}</table>
${targets.length ? `<h3>Targets</h3><ul>${targets.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : ''}
${cases.length ? `<h3>Complaint handling</h3><ul>${cases.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>` : ''}
<p>The attached PDF has the trend, both league tables and the period's comments.</p>
<p><a href="${escapeHtml(dashboard)}">Open the dashboard</a></p>
<p style="font-size:12px;color:#4a5568"><a href="${escapeHtml(unsubscribe)}">Stop the ${escapeHtml(name)} report</a></p>
</body></html>`;
  return {
    to,
    subject: `Your ${name} CX Journey report: ${when}`,
    text,
    html,
    devPreview: { unsubscribe },
    attachments: [{ filename: reportFileName(data), content: pdf, contentType: 'application/pdf' }],
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
