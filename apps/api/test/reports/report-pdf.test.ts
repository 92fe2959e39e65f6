// The weekly report's PDF: its figures are the Snapshot's for the same period and scope; page 1 renders to a PNG.
import path from 'node:path';
import request from 'supertest';
import type { TSnapshot } from '@cx/contracts';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { logger } from '../../src/lib/logger';
import { sendMail, unsentMailLog } from '../../src/lib/mailer';
import { reportData } from '../../src/modules/reports/report.data';
import { reportMail } from '../../src/modules/reports/report.mail';
import { renderReportPdf } from '../../src/modules/reports/report.pdf';
import { setupTestDb } from '../helpers/db';
import { findPdftoppm, pdfPage1Png, pdfText } from '../helpers/pdf';
import { reportWorld, WEEK, MONDAY_8AM_NY } from './support';

setupTestDb();
const app = createApp();
const SCREENSHOT = path.resolve(__dirname, '../../../../test-output/e2e/screenshots/report-page1.png');

const snapshotOf = async (auth: { Authorization: string }) => {
  const res = await request(app)
    .get('/api/v1/analytics/snapshot')
    .query({ period: 'custom', ...WEEK })
    .set(auth)
    .expect(200);
  return res.body as TSnapshot;
};

describe('the weekly report PDF', () => {
  it("shows a manager of two stores the Snapshot API's figures for that week and those stores only", async () => {
    const w = await reportWorld();
    const data = await reportData(w.managerAccess, 'weekly', WEEK, MONDAY_8AM_NY);
    const text = await pdfText(await renderReportPdf(data));
    const snap = await snapshotOf(w.manager.auth);
    const everyStore = await snapshotOf(w.owner.auth);
    expect(snap.ratings.value).toBe(5);
    expect(everyStore.ratings.value).toBe(7); // the third store's ratings are not the manager's

    expect(text).toContain(`Ratings: ${snap.ratings.value} (previous ${snap.ratings.previous}`);
    expect(text).toContain(
      `Average score: ${snap.average.value!.toFixed(2)} (previous ${snap.average.previous!.toFixed(2)}`,
    );
    expect(text).toContain(`CSAT (4-5 stars): ${snap.csat.value!.toFixed(1)}%`);
    expect(text).toContain(`Visits: ${snap.visits.value}`);
    expect(snap.bestStaff).toBeNull(); // two ratings each: below the league's minimum sample
    expect(text).toContain('Best staff: –');
    // both league tables, the chart's legend, and the comments under their store
    for (const s of snap.stores) expect(text).toContain(s.store.name);
    expect(text).toMatch(/Store league[\s\S]*North Street[\s\S]*Staff league[\s\S]*Ann Archer/);
    expect(text).toContain('Bob Baker');
    expect(text).toContain('Bars: ratings per day');
    expect(text).toMatch(
      /Comments[\s\S]*North Street[\s\S]*Queue far too long[\s\S]*Ann was wonderful[\s\S]*South Quay[\s\S]*Bob fixed it <fast>/,
    );
    expect(text).not.toContain('East Market');
    expect(text).not.toContain('Eve Easton');
    expect(text).not.toContain('East secret comment');
  });

  it('renders page 1 to a PNG with pdftoppm, kept with the screenshots', async () => {
    const w = await reportWorld();
    const pdf = await renderReportPdf(await reportData(w.managerAccess, 'weekly', WEEK, MONDAY_8AM_NY));
    if (!(await findPdftoppm())) {
      console.warn(
        'NOTICE: pdftoppm (poppler-utils) is not installed here: report-page1.png was not rendered',
      );
      return;
    }
    const png = await pdfPage1Png(pdf, SCREENSHOT);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // an A4 page (595 × 842 pt) at 100 dpi
    expect(png.readUInt32BE(16)).toBe(827);
    expect(png.readUInt32BE(20)).toBe(1170);
  });
});

describe('the report mail logged in development (no SMTP_URL)', () => {
  it("names the PDF attachment's file in the log line", async () => {
    const w = await reportWorld();
    const data = await reportData(w.managerAccess, 'weekly', WEEK, MONDAY_8AM_NY);
    const mail = reportMail(w.manager.user.email, data, await renderReportPdf(data), 'token');
    expect(unsentMailLog(mail, 'development').fields).toMatchObject({
      attachments: ['cx-report-weekly-2026-11-09.pdf'],
    });
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    const saved = { url: env.SMTP_URL, nodeEnv: env.NODE_ENV };
    try {
      env.SMTP_URL = undefined;
      env.NODE_ENV = 'development';
      await sendMail(mail);
      const [fields, line] = info.mock.calls.at(-1) as unknown as [object, string];
      expect(line).toMatch(/attached: cx-report-weekly-2026-11-09\.pdf$/);
      expect(JSON.stringify(fields)).toContain('.pdf');
    } finally {
      env.SMTP_URL = saved.url;
      env.NODE_ENV = saved.nodeEnv;
      info.mockRestore();
    }
  });
});
