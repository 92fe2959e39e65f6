// Scheduled reports show each store's average-score target and its red/amber/green state, as the store league does.
import request from 'supertest';
import type { TStoreLeague } from '@cx/contracts';
import { createApp } from '../../src/app';
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
