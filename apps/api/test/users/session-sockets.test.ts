// A password reset ends every session it outdated, open sockets included, within a second.
import request from 'supertest';
import { closedWithin, useSocketServer } from '../helpers/sockets';
import { makeUser, type MadeUser } from '../factories';
import { otpFrom, setupUsersApp } from './support';

const { app, mailbox } = setupUsersApp();
const { server, openSocket } = useSocketServer(app);

async function refusedSocket(made: MadeUser): Promise<void> {
  await expect(openSocket(made.token)).rejects.toThrow(/session/i);
}

describe('sockets and password resets', () => {
  it('a password reset closes the open sockets', async () => {
    const made = await makeUser();
    const tab = await openSocket(made.token);
    await request(server()).post('/api/v1/user/forgot-password').send({ email: made.user.email }).expect(200);
    const otp = otpFrom(await mailbox.waitFor(made.user.email));
    const verified = await request(server())
      .post('/api/v1/user/verify-otp')
      .send({ email: made.user.email, otp })
      .expect(200);
    const closed = closedWithin(tab, 1000);
    await request(server())
      .post('/api/v1/user/reset-password')
      .send({ email: made.user.email, password: 'BrandNew123', resetToken: verified.body.resetToken })
      .expect(200);
    expect((await closed).reason).toBe('io server disconnect');
    await refusedSocket(made);
  });
});
