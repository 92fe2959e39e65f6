// The scorecard as a one-page A4 PDF (pdfkit): name, period, figures, a drawn trend chart, badges and a few shout-outs.
import PDFDocument from 'pdfkit';
import type { TScorecard } from '@cx/contracts';
import { maskContact } from '../../lib/mask';

const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#1a56db';

/**
 * Customer and staff text as plain text the standard fonts can draw: control characters dropped, typographic
 * punctuation made ASCII, anything outside Latin-1 replaced (the built-in fonts cannot draw it).
 */
export function plainText(text: string, max = 400): string {
  const cleaned = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/[^\u0020-\u00ff]/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 3)}...` : cleaned;
}

const fixed = (v: number | null, digits = 2) => (v === null ? '-' : v.toFixed(digits));
const signed = (v: number | null) => (v === null ? '-' : `${v > 0 ? '+' : ''}${v.toFixed(2)}`);

/** The figures printed on the card, label and value, in the order they are drawn (the tests read them back). */
export function figureLines(card: TScorecard): Array<[string, string]> {
  const f = card.figures;
  return [
    ['Ratings', String(f.ratings)],
    ['Average', fixed(f.average)],
    ['Adjusted average', fixed(f.adjustedAverage)],
    ['CSAT', f.csat === null ? '-' : `${f.csat.toFixed(0)}%`],
    ['Rank', f.rank === null ? `Not ranked (${f.ratings} of ${card.minSample} ratings)` : `#${f.rank}`],
    ['Change vs previous period', signed(f.trend.change)],
    ['Shift experience', `${fixed(f.shiftExperience.average)} (${f.shiftExperience.ratings} ratings)`],
    ['Five-star ratings so far', String(card.fiveStarTotal)],
  ];
}

function drawTrend(doc: PDFKit.PDFDocument, card: TScorecard, x: number, y: number, w: number, h: number) {
  doc.rect(x, y, w, h).lineWidth(0.5).strokeColor('#d1d5db').stroke();
  const series = card.trend.series;
  if (series.length === 0) return;
  const step = w / series.length;
  const barW = Math.max(1, step * 0.6);
  series.forEach((p, i) => {
    if (p.average === null) return;
    const bh = ((p.average - 1) / 4) * (h - 8) + 4;
    doc.rect(x + i * step + (step - barW) / 2, y + h - bh, barW, bh).fill(ACCENT);
  });
  doc.fillColor(MUTED).font('Helvetica').fontSize(8);
  doc.text(series[0]!.bucket, x, y + h + 3, { lineBreak: false });
  doc.text(series.at(-1)!.bucket, x + w - 60, y + h + 3, { width: 60, align: 'right', lineBreak: false });
}

export async function scorecardPdf(card: TScorecard): Promise<Buffer> {
  const name = plainText(card.figures.staff.name, 80);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${name} - scorecard`, Creator: 'CX Journey' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 48;
  const width = doc.page.width - 96;

  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(24).text(name, left, 40, { width });
  doc.font('Helvetica').fontSize(11).fillColor(MUTED);
  doc.text(`Scorecard for ${card.period.from} to ${card.period.to} (${card.period.days} days)`, { width });
  const stores = card.figures.stores.map((s) => plainText(s.name, 60)).join(', ');
  if (stores) doc.text(stores, { width });

  doc.moveDown(1);
  for (const [label, value] of figureLines(card)) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(MUTED)
      .text(label, left, y, { width: 200, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, left + 210, y, { width: width - 210, lineBreak: false });
    doc.moveDown(0.5);
  }
  const d = card.figures.distribution;
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(
    `5 stars: ${d[4]}   4 stars: ${d[3]}   3 stars: ${d[2]}   2 stars: ${d[1]}   1 star: ${d[0]}`,
    left,
    doc.y,
    {
      width,
    },
  );

  doc
    .moveDown(1)
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(`Trend (average per ${card.trend.granularity})`, left);
  const chartY = doc.y + 6;
  drawTrend(doc, card, left, chartY, width, 110);
  doc.y = chartY + 130;

  doc.font('Helvetica-Bold').fontSize(13).fillColor(INK).text('Badges', left);
  doc.font('Helvetica').fontSize(11).fillColor(INK);
  if (card.badges.length === 0) doc.fillColor(MUTED).text('No badges yet', { width });
  for (const b of card.badges) doc.text(`${b.label} - ${plainText(b.description, 120)}`, { width });

  doc.moveDown(1).font('Helvetica-Bold').fontSize(13).fillColor(INK).text('Shout-outs', left);
  doc.font('Helvetica-Oblique').fontSize(10).fillColor(INK);
  if (card.shoutOuts.length === 0) doc.fillColor(MUTED).text('No shout-outs in this period', { width });
  for (const s of card.shoutOuts.slice(0, 3)) {
    if (doc.y > doc.page.height - 120) break;
    // a PDF is printed, mailed and pinned up: customers' contact details are masked as on the boards
    doc.text(
      `"${plainText(maskContact(s.comment), 240)}" (${plainText(s.store.name, 60)}, ${s.day})`,
      left,
      doc.y,
      {
        width,
        height: 60,
        ellipsis: true,
      },
    );
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
