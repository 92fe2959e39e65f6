// Scheduled reports show each store's average-score target and its red/amber/green state, as the store league does,
// and how the period's complaints were handled.
import request from 'supertest';
import type { TStoreLeague } from '@cx/contracts';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { reportData } from '../../src/modules/reports/report.data';
import { reportMail } from '../../src/modules/reports/report.mail';
import { renderReportPdf } from '../../src/modules/reports/report.pdf';
import { setupTestDb } from '../helpers/db';
import { pdfText } from '../helpers/pdf';
import { reportWorld, WEEK, MONDAY_8AM_NY } from './support';

setupTestDb();
const app = createApp();

describe('the weekly report with targets', () => {
  it('lists the target and RAG state per store in the PDF and the mail, matching the store league', async () => {
    const w = await reportWorld();
    const put = (node: string, value: number) =>
      request(app)
        .put('/api/v1/targets')
        .set(w.owner.auth)
        .send({ metric: 'average', node, value })
        .expect(200);
    await put(w.owner.id, 5); // the chain: every store inherits 5.00
    await put(String(w.stores.north._id), 1); // North Street's own, easily met
    const league = (
      await request(app)
        .get('/api/v1/analytics/store-league')
        .query({ period: 'custom', ...WEEK })
        .set(w.manager.auth)
        .expect(200)
    ).body as TStoreLeague;
    const stateOf = (name: string) =>
      [...league.ranked, ...league.notRanked]
        .find((r) => r.store.name === name)!
        .targets!.find((t) => t.metric === 'average')!;
    expect(stateOf('North Street')).toMatchObject({ target: 1, state: 'green' });
    const south = stateOf('South Quay');
    expect(south.target).toBe(5);
    expect(south.state).toBe('red');

    const data = await reportData(w.managerAccess, 'weekly', WEEK, MONDAY_8AM_NY);
    const text = await pdfText(await renderReportPdf(data));
    expect(text).toMatch(/Target\s*RAG/);
    expect(text).toMatch(/North Street[\s\S]*1\.00\s*Green/);
    expect(text).toMatch(/South Quay[\s\S]*5\.00\s*Red/);
    const mail = reportMail('m@example.com', data, Buffer.from(''), 'token');
    expect(mail.text).toContain(`Targets:\nNorth Street: average`);
    expect(mail.text).toMatch(/South Quay: average \d\.\d\d, target 5\.00 \(Red\)/);
    expect(mail.text).not.toContain('East Market');
  });
});

describe('the weekly report with cases', () => {
  it("gives the period's complaint handling over the member's stores: response and resolution medians, SLA, recovery, root cause", async () => {
    const w = await reportWorld();
    const at = (iso: string) => new Date(`${iso}Z`);
    const kase = (store: typeof w.stores.north, number: number, fields: Record<string, unknown>) =>
      CaseModel.create({
        business: store.business,
        store: store._id,
        number,
        reason: 'low_with_comment',
        summary: '1★ with a comment',
        ...fields,
      });
    // North: answered in 30 min, resolved in 2 h within its SLA, the customer says it was put right
    await kase(w.stores.north, 1, {
      createdAt: at('2026-11-10T09:00'),
      dueAt: at('2026-11-11T09:00'),
      status: 'resolved',
      firstResponseAt: at('2026-11-10T09:30'),
      resolvedAt: at('2026-11-10T11:00'),
      withinSla: true,
      rootCause: 'wait_time',
      action: 'Extra till at lunch',
      recovered: true,
    });
    // South: still open; East is outside the manager's stores
    await kase(w.stores.south, 2, { createdAt: at('2026-11-14T09:00'), dueAt: at('2026-11-20T09:00') });
    await kase(w.stores.east, 3, {
      createdAt: at('2026-11-12T09:00'),
      dueAt: at('2026-11-13T09:00'),
      status: 'resolved',
      firstResponseAt: at('2026-11-12T09:05'),
      resolvedAt: at('2026-11-12T09:10'),
      withinSla: true,
      rootCause: 'price',
      action: 'Refund',
    });

    const data = await reportData(w.managerAccess, 'weekly', WEEK, MONDAY_8AM_NY);
    const mail = reportMail('m@example.com', data, Buffer.from(''), 'token');
    expect(mail.text).toContain(
      'Complaint handling:\nCases opened: 2 (resolved 1, still open 1, overdue 0)\n' +
        'Median first response: 30 min\nMedian resolution: 2 h 00 min\nResolved within SLA: 100.0%\n' +
        'Recovery rate: 100.0%\nTop root cause: Waiting time (1)',
    );
    expect(mail.html).toContain('<h3>Complaint handling</h3>');
    expect(mail.text).not.toContain('Price');
    const text = await pdfText(await renderReportPdf(data));
    expect(text).toMatch(/Complaint handling/);
    expect(text).toMatch(/North Street\s*1\s*30 min\s*2 h 00 min\s*100\.0%\s*100\.0%\s*Waiting time/);
    expect(text).not.toContain('Price');
  });
});
