// The demo chain's tree: Northwind Coffee › UK/US/Australia › a district per store; a store manager sees only their branch.
import request from 'supertest';
import { createApp } from '../../src/app';
import { DEMO_LOGIN } from '../../src/seed/demo-data';
import { seedDemo } from '../../src/seed/seed';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();
// Seeds a whole business (pictures, a 16-week rota, ratings, rollups): slow on a busy 2-core machine.
jest.setTimeout(180_000);

const login = async (email: string) =>
  (await request(app).post('/api/v1/user/login').send({ email, password: DEMO_LOGIN.password }).expect(200))
    .body.token as string;

it('seeds Northwind Coffee with regions and districts holding its stores', async () => {
  await seedDemo(new Date('2025-03-26T12:00:00Z'), 30);
  const owner = { Authorization: `Bearer ${await login(DEMO_LOGIN.email)}` };
  const { areas } = (await request(app).get('/api/v1/areas').set(owner).expect(200)).body;
  const path = (id: string): string[] => {
    const a = areas.find((x: { _id: string }) => x._id === id);
    return a.parent ? [...path(a.parent), a.name] : [a.name];
  };
  expect(areas).toHaveLength(7);
  const { stores } = (await request(app).get('/api/v1/store').set(owner).expect(200)).body;
  expect(stores.map((s: { name: string; area: string }) => [s.name, path(s.area).join(' › ')])).toEqual([
    ['Covent Garden', 'Northwind Coffee › UK › London'],
    ['SoHo New York', 'Northwind Coffee › US › New York'],
    ['Sydney Harbour', 'Northwind Coffee › Australia › Sydney'],
  ]);

  // targets at the chain and at London: Covent Garden inherits London's score, the chain's volume
  const effective = (
    await request(app).get('/api/v1/targets').query({ node: stores[0]._id }).set(owner).expect(200)
  ).body.effective;
  expect(
    effective.map((e: { metric: string; value: number; from: { name: string } | null }) => [
      e.metric,
      e.value,
      e.from?.name,
    ]),
  ).toEqual([
    ['average', 4.5, 'London'],
    ['happy', 85, 'London'],
    ['volume', 40, 'Northwind Coffee'],
    ['staffRatings', null, undefined],
  ]);

  const manager = { Authorization: `Bearer ${await login('covent-garden@cxjourney.app')}` };
  const seen = (await request(app).get('/api/v1/areas').set(manager).expect(200)).body.areas;
  expect(seen.map((a: { name: string }) => a.name)).toEqual(['Northwind Coffee', 'UK', 'London']);
});
