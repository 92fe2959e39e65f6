// Revocation: removing a member (or changing their access) closes their open sockets within a second.
import request from 'supertest';
import { closedWithin as disconnected, useSocketServer } from '../helpers/sockets';
import { makeMember, makeStore, makeUser } from '../factories';
import { setupTeamApp } from './support';

const { app } = setupTeamApp();
const { server: listening, openSocket } = useSocketServer(app);

it('after the owner removes a manager, the next call answers 403 and every socket of theirs closes within 1 s', async () => {
  const owner = await makeUser();
  const store = await makeStore(owner.id);
  const manager = await makeMember(owner.id, 'manager', [store._id]);
  const [tab1, tab2, ownerTab] = [
    await openSocket(manager.token),
    await openSocket(manager.token),
    await openSocket(owner.token),
  ];
  let ownerDropped = false;
  ownerTab.on('disconnect', () => (ownerDropped = true));
  const closed = Promise.all([disconnected(tab1, 1000), disconnected(tab2, 1000)]);
  await request(listening()).delete(`/api/v1/team/members/${manager.id}`).set(owner.auth).expect(200);
  const [a, b] = await closed;
  expect(a.reason).toBe('io server disconnect');
  expect(b.reason).toBe('io server disconnect');
  const res = await request(listening()).get('/api/v1/store').set(manager.auth).expect(403);
  expect(res.body.code).toBe('NO_BUSINESS');
  await new Promise((r) => setTimeout(r, 100));
  expect(ownerDropped).toBe(false);
  // Nor can the removed member open a new socket with the token they still hold.
  const err = await openSocket(manager.token).then(
    () => null,
    (e: Error & { data?: { code?: string } }) => e,
  );
  expect(err?.data?.code).toBe('NO_BUSINESS');
});

it('a role change also closes the member’s sockets (the client reconnects and reads its new scope)', async () => {
  const owner = await makeUser();
  const store = await makeStore(owner.id);
  const viewer = await makeMember(owner.id, 'viewer', [store._id]);
  const tab = await openSocket(viewer.token);
  const closed = disconnected(tab, 1000);
  await request(listening())
    .put(`/api/v1/team/members/${viewer.id}`)
    .set(owner.auth)
    .send({ role: 'admin' })
    .expect(200);
  expect((await closed).reason).toBe('io server disconnect');
});
