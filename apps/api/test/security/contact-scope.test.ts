// Generated from the contract: every authenticated read (and the frontline's case writes) as a viewer, an area viewer, a
// member outside the store and an API key never carries a customer's email or phone; a store manager sees them (control).
import { Types } from 'mongoose';
import { createApp } from '../../src/app';
import { CaseModel } from '../../src/modules/cases/case.model';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { insertArea, rootArea } from '../../src/tenancy/areas';
import { makeAreaMember, makeMember, makeRating, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { createKey } from '../integrations/support';
import { callRoute, contractRoutes, type Aim, type ContractRoute } from './support';

setupTestDb({ clearBetweenTests: false });
const app = createApp();

const EMAIL = 'quentin.quietcustomer@private-mail.example';
const PHONE = '+44 7700 900555';
/** Any of these in an answer is the contact leaking (the masked form keeps only the first letter and last 3 digits). */
const LEAKS = [EMAIL, 'quentin', 'private-mail', '7700 900', '7700900'];

interface World {
  store: string;
  staff: string;
  caseId: string;
  member: string;
  tokens: Record<'viewer' | 'areaViewer' | 'outsider' | 'apiKey' | 'manager', string>;
}
let w: World;

beforeAll(async () => {
  const owner = await makeUser();
  const district = await insertArea(owner.id, 'Scope district', await rootArea(owner.id));
  const store = await makeStore(owner.id, { name: 'Scope Store', area: district._id });
  const other = await makeStore(owner.id, { name: 'Other Store' });
  const staff = await makeStaff(owner.id, [store._id]);
  const rating = await makeRating(store, { score: 1, comment: 'Cold', kind: 'staff', staff: staff._id });
  const contact = await ContactRequestModel.create({
    business: owner.id,
    store: store._id,
    rating: rating._id,
    email: EMAIL,
    phone: PHONE,
    phoneDigits: PHONE.replace(/\D/g, ''),
    consentAt: new Date(),
  });
  const doc = await CaseModel.create({
    business: owner.id,
    store: store._id,
    number: 1,
    rating: rating._id,
    staff: staff._id,
    reason: 'contact_request',
    summary: 'Contact request',
    dueAt: new Date(Date.now() + 3_600_000),
    contact: contact._id,
  });
  const viewer = await makeMember(owner.id, 'viewer', [store._id]);
  const key = await createKey(app, owner, ['cases:read', 'analytics:read', 'ratings:read']);
  w = {
    store: String(store._id),
    staff: String(staff._id),
    caseId: String(doc._id),
    member: viewer.id,
    tokens: {
      viewer: viewer.token,
      areaViewer: (await makeAreaMember(owner.id, 'viewer', [district._id])).token,
      outsider: (await makeMember(owner.id, 'manager', [other._id])).token,
      apiKey: key.key,
      manager: (await makeMember(owner.id, 'manager', [store._id])).token,
    },
  };
});

/** A request aimed at the store and its case: `:id` is the case for case routes, else the store. */
function aimFor(r: ContractRoute): Aim {
  const isCase = r.key.startsWith('cases.') || r.key.startsWith('caseLoop.');
  const value: Record<string, string> = {
    id: isCase ? w.caseId : w.store,
    caseId: w.caseId,
    storeId: w.store,
    staffId: w.staff,
    userId: w.member,
  };
  const params = Object.fromEntries(
    [...r.route.path.matchAll(/:(\w+)/g)].map(([, name]) => [
      name!,
      value[name!] ?? String(new Types.ObjectId()),
    ]),
  );
  return { params, query: { store: w.store, stores: w.store } };
}

const reads = () => contractRoutes().filter((r) => !r.isPublic && r.route.method === 'GET');
const text = (res: { body: unknown; text?: string }) =>
  Buffer.isBuffer(res.body)
    ? res.body.toString('latin1')
    : `${JSON.stringify(res.body ?? '')}${res.text ?? ''}`;

describe('contact details by scope (every authenticated read of the contract)', () => {
  it('the control: the store manager sees the contact on the case and in the inbox', async () => {
    const route = contractRoutes().find((r) => r.key === 'cases.get')!;
    const get = await callRoute(app, route.route, aimFor(route), w.tokens.manager);
    expect(get.status).toBe(200);
    expect(get.body.contact).toMatchObject({ email: EMAIL, phone: PHONE, masked: false });
    const list = contractRoutes().find((r) => r.key === 'cases.list')!;
    const inbox = await callRoute(app, list.route, aimFor(list), w.tokens.manager);
    expect(inbox.body.items[0].contact).toMatchObject({ email: EMAIL, masked: false });
  });

  it.each(['viewer', 'areaViewer', 'outsider', 'apiKey'] as const)(
    'never shows the contact to the %s, whatever they read',
    async (who) => {
      const routes = reads();
      expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(['cases.list', 'cases.get']));
      const leaks: string[] = [];
      const statuses: Record<string, number> = {};
      for (const r of routes) {
        const res = await callRoute(app, r.route, aimFor(r), w.tokens[who]);
        statuses[r.key] = res.status;
        const seen = text(res);
        const found = LEAKS.filter((l) => seen.includes(l));
        if (found.length) leaks.push(`${r.key}: ${found.join(', ')}`);
      }
      expect(leaks).toEqual([]);
      // not vacuous: those who cover the store did read the case (masked), the outsider got 404
      const expectedGet = who === 'outsider' ? 404 : 200;
      expect(statuses['cases.get']).toBe(expectedGet);
    },
  );

  it("never shows the contact in the answer to a viewer's own work on the case", async () => {
    const routes = contractRoutes();
    const update = routes.find((r) => r.key === 'cases.update')!;
    const note = routes.find((r) => r.key === 'cases.addNote')!;
    for (const token of [w.tokens.viewer, w.tokens.areaViewer]) {
      const moved = await callRoute(
        app,
        update.route,
        { params: { id: w.caseId }, body: { status: 'waiting' } },
        token,
      );
      expect(moved.status).toBe(200);
      expect(moved.body.contact).toMatchObject({ masked: true, email: 'q•••@p•••.example' });
      expect(LEAKS.filter((l) => text(moved).includes(l))).toEqual([]);
      const noted = await callRoute(
        app,
        note.route,
        { params: { id: w.caseId }, body: { text: 'Looked at it' } },
        token,
      );
      expect(noted.status).toBe(201);
      expect(LEAKS.filter((l) => text(noted).includes(l))).toEqual([]);
    }
  });
});
