// SIGTERM right after a submit: the API finishes the alert (rules, stored notification, slow email) before it exits.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { startApiProcess } from '../helpers/api-process';
import { setupTestDb } from '../helpers/db';
import { makeShop, submitBody } from '../feedback/support';
import { onlyRule } from '../notifications/support';

setupTestDb();
jest.setTimeout(120_000);

/** An SMTP server that takes 1.5 s to accept each message (a slow relay during a deploy). */
function slowSmtp() {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () =>
        setTimeout(() => {
          subjects.push(/^subject: (.*)$/im.exec(raw)?.[1] ?? '');
          callback();
        }, 1500),
      );
    },
  });
  return { server, subjects };
}

describe('SIGTERM with an alert in flight', () => {
  it('exits only after the low-rating alert is stored and its email accepted, with nothing left owed', async () => {
    const smtp = slowSmtp();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    const { port } = (smtp.server as unknown as { server: { address(): AddressInfo } }).server.address();
    try {
      const shop = await makeShop();
      await onlyRule(shop.business.id, {
        type: 'low-rating',
        maxScore: 2,
        kinds: ['staff', 'experience'],
        email: true,
      });
      const api = await startApiProcess({
        mongoUri: process.env.CX_TEST_MONGO_URI!,
        dbName: `cx_test_${process.env.JEST_WORKER_ID ?? '1'}`,
        env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      });
      const res = await fetch(`${api.url}/api/v1/feedback/experience-ratings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(submitBody(shop.store, { score: 1, comment: 'Cold food' })),
      });
      expect(res.status).toBe(201);
      const started = Date.now();
      await api.stop(); // SIGTERM, then wait for the process to exit
      expect(Date.now() - started).toBeGreaterThan(1000); // it waited for the slow relay
      expect(smtp.subjects).toEqual([expect.stringContaining('Low rating')]);
      expect(await NotificationModel.countDocuments({ type: 'low-rating' })).toBe(1);
      expect(await RatingModel.countDocuments({ 'pending.at': { $exists: true } })).toBe(0);
    } finally {
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});
