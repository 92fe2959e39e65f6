// The report's PDF (pdfkit, A4): Snapshot figures, the trend as a chart, the store and staff league tables, comments by store.
import PDFDocument from 'pdfkit';
import type { TSeriesPoint } from '@cx/contracts';
import type { ReportData } from './report.data';
import {
  averageTarget,
  caseLines,
  compared,
  count,
  daysLabel,
  duration,
  HEADLINE_FIGURES,
  percent,
  PERIOD_NAMES,
  rootCause,
  score,
} from './report.format';

type Doc = PDFKit.PDFDocument;
const MARGIN = 48;
const INK = '#1a202c';
const MUTED = '#4a5568';
const ACCENT = '#1a56db';

/** Starts a new page when fewer than `height` points are left. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(INK).text(text, MARGIN);
  doc.moveDown(0.3).font('Helvetica').fontSize(10);
}

/** One table row at fixed column positions (cells are written separately so long names are cut, not wrapped). */
function row(doc: Doc, cells: string[], widths: number[], bold = false): void {
  ensureSpace(doc, 16);
  const y = doc.y;
  let x = MARGIN;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(9)
    .fillColor(bold ? INK : MUTED);
  cells.forEach((cell, i) => {
    doc.text(cell, x, y, { width: widths[i]! - 6, lineBreak: false, ellipsis: true });
    x += widths[i]!;
  });
  doc.x = MARGIN;
  doc.y = y + 15;
}

function snapshotSection(doc: Doc, data: ReportData): void {
  heading(doc, 'Snapshot');
  const s = data.snapshot;
  for (const f of HEADLINE_FIGURES) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(`${f.label}: ${compared(s[f.key], f.format)}`, MARGIN);
  }
  const best = s.bestStaff;
  const improved = s.mostImproved;
  doc.moveDown(0.4).fillColor(MUTED);
  doc.text(
    best
      ? `Best staff: ${best.staff.name} (${score(best.average)} from ${best.ratings} ratings)`
      : 'Best staff: –',
  );
  doc.text(
    improved
      ? `Most improved: ${improved.staff.name} (${score(improved.previousAverage)} to ${score(improved.average)})`
      : 'Most improved: –',
  );
}

/** Bars: ratings per day (left scale); line: the day's average score (1–5, right scale). */
function trendSection(doc: Doc, series: TSeriesPoint[]): void {
  heading(doc, 'Trend');
  ensureSpace(doc, 190);
  const width = doc.page.width - 2 * MARGIN - 40;
  const height = 140;
  const left = MARGIN + 20;
  const top = doc.y + 6;
  const bottom = top + height;
  const max = Math.max(1, ...series.map((p) => p.count));
  const step = width / Math.max(1, series.length);
  doc.lineWidth(0.5).strokeColor('#cbd5e0');
  for (let i = 0; i <= 4; i += 1) {
    const y = bottom - (i / 4) * height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
  }
  doc.fontSize(7).fillColor(MUTED);
  doc.text(String(max), MARGIN, top - 3, { width: 18, align: 'right', lineBreak: false });
  doc.text('0', MARGIN, bottom - 3, { width: 18, align: 'right', lineBreak: false });
  doc.text('5', left + width + 4, top - 3, { lineBreak: false });
  doc.text('1', left + width + 4, bottom - 3, { lineBreak: false });
  series.forEach((p, i) => {
    const h = (p.count / max) * height;
    if (h > 0) doc.rect(left + i * step + step * 0.2, bottom - h, step * 0.6, h).fill('#90cdf4');
  });
  const points = series
    .map((p, i) =>
      p.average === null ? null : { x: left + (i + 0.5) * step, y: bottom - ((p.average - 1) / 4) * height },
    )
    .filter((p): p is { x: number; y: number } => p !== null);
  if (points.length) {
    doc.lineWidth(1.5).strokeColor(ACCENT);
    doc.moveTo(points[0]!.x, points[0]!.y);
    for (const p of points.slice(1)) doc.lineTo(p.x, p.y);
    doc.stroke();
    for (const p of points) doc.circle(p.x, p.y, 2).fill(ACCENT);
  }
  doc.fontSize(7).fillColor(MUTED);
  if (series.length) {
    doc.text(series[0]!.bucket, left, bottom + 4, { lineBreak: false });
    doc.text(series.at(-1)!.bucket, left + width - 50, bottom + 4, {
      width: 50,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.x = MARGIN;
  doc.y = bottom + 18;
  doc.fontSize(8).text('Bars: ratings per day. Line: average score (1 to 5).', MARGIN);
}

function storeLeagueSection(doc: Doc, data: ReportData): void {
  heading(doc, 'Store league');
  const widths = [35, 135, 50, 50, 55, 50, 55, 55];
  row(doc, ['Rank', 'Store', 'Ratings', 'Average', 'Adjusted', 'CSAT', 'Target', 'RAG'], widths, true);
  const rows = [...data.storeLeague.ranked, ...data.storeLeague.notRanked];
  if (!rows.length) doc.text('No stores in this report.', MARGIN);
  for (const r of rows) {
    row(
      doc,
      [
        r.rank === null ? '–' : String(r.rank),
        r.store.name,
        count(r.ratings),
        score(r.average),
        score(r.adjustedAverage),
        percent(r.csat),
        averageTarget(r).target,
        averageTarget(r).state,
      ],
      widths,
    );
  }
  doc
    .moveDown(0.3)
    .fontSize(8)
    .text('Target and RAG: average score against the store’s target (amber: up to 5% below it).', MARGIN);
}

function staffLeagueSection(doc: Doc, data: ReportData): void {
  heading(doc, 'Staff league');
  const widths = [40, 180, 60, 60, 70, 70];
  row(doc, ['Rank', 'Staff', 'Ratings', 'Average', 'Adjusted', 'CSAT'], widths, true);
  const { ranked, notRanked, minSample } = data.staffLeague;
  if (!ranked.length && !notRanked.length) doc.text('No staff ratings in this period.', MARGIN);
  for (const r of [...ranked, ...notRanked]) {
    row(
      doc,
      [
        r.rank === null ? '–' : String(r.rank),
        r.staff.name,
        count(r.ratings),
        score(r.average),
        score(r.adjustedAverage),
        percent(r.csat),
      ],
      widths,
    );
  }
  if (notRanked.length) doc.fontSize(8).text(`Not ranked ("–"): fewer than ${minSample} ratings.`, MARGIN);
}

function casesSection(doc: Doc, data: ReportData): void {
  heading(doc, 'Complaint handling');
  const c = data.cases;
  if (!c.opened && !c.open) {
    doc.fillColor(MUTED).text('No cases in this period.', MARGIN);
    return;
  }
  for (const line of caseLines(c)) doc.font('Helvetica').fontSize(10).fillColor(INK).text(line, MARGIN);
  doc.moveDown(0.4);
  const widths = [130, 40, 70, 70, 55, 55, 80];
  row(
    doc,
    ['Store', 'Cases', 'First response', 'Resolution', 'In SLA', 'Recovery', 'Top cause'],
    widths,
    true,
  );
  for (const s of c.perStore) {
    row(
      doc,
      [
        s.store.name,
        count(s.opened),
        duration(s.medianFirstResponseMinutes),
        duration(s.medianResolutionMinutes),
        percent(s.withinSlaPct),
        percent(s.recoveryRate),
        rootCause(s.topRootCause),
      ],
      widths,
    );
  }
}

function commentsSection(doc: Doc, data: ReportData): void {
  heading(doc, 'Comments');
  if (!data.comments.length) doc.fillColor(MUTED).text('No comments in this period.', MARGIN);
  for (const group of data.comments) {
    ensureSpace(doc, 40);
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(11).fillColor(INK).text(group.store, MARGIN);
    for (const c of group.items) {
      ensureSpace(doc, 30);
      const who = c.staff ? ` · ${c.staff.name}` : ' · the visit';
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${c.score}/5 · ${c.localTime}${who}`, MARGIN);
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(INK)
        .text(c.comment, MARGIN + 10, undefined, {
          width: doc.page.width - 2 * MARGIN - 10,
        });
      doc.x = MARGIN;
    }
  }
  if (data.moreComments)
    doc.moveDown(0.5).fillColor(MUTED).text('More comments are on the feedback timeline.', MARGIN);
}

/** The whole report as a PDF buffer. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const title = `${PERIOD_NAMES[data.period]} report`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${data.business} – ${title}, ${daysLabel(data.days)}`, Creator: 'CX Journey' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(`${data.business} – ${title}`, MARGIN, MARGIN);
  const stores = data.storeLeague.ranked.length + data.storeLeague.notRanked.length;
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(
      `${daysLabel(data.days)} · ${stores} ${stores === 1 ? 'store' : 'stores'} · ${data.snapshot.period.timeZone}`,
    );
  snapshotSection(doc, data);
  trendSection(doc, data.trend.series);
  storeLeagueSection(doc, data);
  staffLeagueSection(doc, data);
  casesSection(doc, data);
  commentsSection(doc, data);
  doc.end();
  return done;
}
