// POST /api/v1/stores/import: dry run writes nothing, confirm writes what it showed, re-import is a no-op, row errors.
import request from 'supertest';
import { STORE_IMPORT_TEMPLATE } from '@cx/contracts';
import { createApp } from '../../src/app';
import { StoreModel } from '../../src/modules/stores/store.model';
import { AreaModel } from '../../src/tenancy/area.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import {
  makeAreaMember,
  makeMember,
  makePng,
  makeRating,
  makeStore,
  makeUser,
  type MadeUser,
} from '../factories';
import { setupTestDb } from '../helpers/db';
import { dumpDb } from '../security/support';

setupTestDb();
const app = createApp();

const importCsv = (
  who: { auth: Record<string, string> },
  csv: string | Buffer,
  fields: Record<string, string> = {},
) => {
  let req = request(app).post('/api/v1/stores/import').set(who.auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv), 'stores.csv');
};

const CHAIN = [
  'Code,Name,Area,Time zone,Address,Tags,Manager',
  'LON-1,Covent Garden,UK > London,Europe/London,"12 King St, London",franchise; high street,Ann',
  'LON-2,Soho,UK > London,europe/london,,company,Bob',
  'MAN-1,Piccadilly,UK > Manchester,Europe/London,,mall,Cy',
  'NYC-1,Fifth Avenue,US > New York,America/New_York,,company; mall,Di',
].join('\n');

const storesOf = async (owner: MadeUser) =>
  StoreModel.find({ business: owner.id, deletedAt: null }).sort({ code: 1 }).lean();
const pathOf = async (areaId: unknown) => {
  const area = await AreaModel.findById(areaId).lean();
  const above = await AreaModel.find({ _id: { $in: area?.ancestors ?? [] } }).lean();
  const byId = new Map(above.map((a) => [String(a._id), a.name]));
  return [...(area?.ancestors ?? []).slice(1).map((id) => byId.get(String(id))), area?.name].join(' > ');
};

describe('POST /api/v1/stores/import', () => {
  it('dry run: answers what each row would do and writes nothing', async () => {
    const owner = await makeUser();
    const before = await dumpDb();
    const res = await importCsv(owner, CHAIN).expect(200);
    expect(await dumpDb()).toEqual(before);
    expect(res.body).toMatchObject({
      dryRun: true,
      applied: false,
      totals: { rows: 4, created: 4, changed: 0, moved: 0, unchanged: 0, errors: 0, areasCreated: 5 },
      newAreas: ['UK', 'UK > London', 'UK > Manchester', 'US', 'US > New York'],
      ignoredColumns: ['Manager'],
    });
    expect(res.body.rows[0]).toEqual({
      line: 2,
      code: 'LON-1',
      name: 'Covent Garden',
      status: 'created',
      move: null,
      errors: [],
      changes: [
        { field: 'name', from: '', to: 'Covent Garden' },
        { field: 'area', from: '', to: 'UK > London' },
        { field: 'timezone', from: '', to: 'Europe/London' },
        { field: 'address', from: '', to: '12 King St, London' },
        { field: 'tags', from: '', to: 'franchise; high street' },
      ],
    });
  });

  it('confirm writes exactly what the dry run showed, audits once with the totals, and a re-import changes nothing', async () => {
    const owner = await makeUser();
    const dry = await importCsv(owner, CHAIN).expect(200);
    const done = await importCsv(owner, CHAIN, { dryRun: 'false', plan: dry.body.plan }).expect(200);
    expect(done.body).toEqual({
      ...dry.body,
      dryRun: false,
      applied: true,
      message: 'Imported: 4 created, 0 changed, 0 moved.',
    });

    const stores = await storesOf(owner);
    expect(stores.map((s) => [s.code, s.name, s.timeZone, s.address, s.tags])).toEqual([
      ['LON-1', 'Covent Garden', 'Europe/London', '12 King St, London', ['franchise', 'high street']],
      ['LON-2', 'Soho', 'Europe/London', '', ['company']],
      ['MAN-1', 'Piccadilly', 'Europe/London', '', ['mall']],
      ['NYC-1', 'Fifth Avenue', 'America/New_York', '', ['company', 'mall']],
    ]);
    expect(await Promise.all(stores.map((s) => pathOf(s.area)))).toEqual([
      'UK > London',
      'UK > London',
      'UK > Manchester',
      'US > New York',
    ]);
    // The areas are real: the tree lists them, and the stores answer through the API with code and tags.
    const list = await request(app).get('/api/v1/store').set(owner.auth).expect(200);
    expect(list.body.stores.find((s: { code: string }) => s.code === 'NYC-1')).toMatchObject({
      name: 'Fifth Avenue',
      tags: ['company', 'mall'],
    });
    const audits = await AuditModel.find({ business: owner.id, action: 'store.import' }).lean();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      kind: 'store',
      summary: expect.stringContaining('4 created, 0 changed, 0 moved, 0 unchanged, 5 areas added'),
      after: { rows: 4, created: 4, areasCreated: 5 },
    });

    const areasBefore = await AreaModel.find({ business: owner.id }).lean();
    const again = await importCsv(owner, CHAIN, { dryRun: 'false' }).expect(200);
    expect(again.body.totals).toEqual({
      rows: 4,
      created: 0,
      changed: 0,
      moved: 0,
      unchanged: 4,
      errors: 0,
      areasCreated: 0,
    });
    expect(again.body.rows.map((r: { status: string }) => r.status)).toEqual(Array(4).fill('unchanged'));
    expect(await storesOf(owner)).toEqual(stores);
    expect(await AreaModel.find({ business: owner.id }).lean()).toEqual(areasBefore);
  });

  it('moves a store to another area (existing or new) and changes only the fields whose cells differ', async () => {
    const owner = await makeUser();
    await importCsv(owner, CHAIN, { dryRun: 'false' }).expect(200);
    const next = [
      'code,area,name,tags',
      'LON-2,UK > Manchester,,',
      'MAN-1,UK > North > Leeds,Leeds Briggate,mall',
      'NYC-1,,Fifth Ave,company; MALL',
      'LON-1,UK > London,Covent Garden,high street; franchise',
    ].join('\r\n');
    const res = await importCsv(owner, next, { dryRun: 'false' }).expect(200);
    expect(res.body.totals).toMatchObject({
      moved: 2,
      changed: 1,
      unchanged: 1,
      created: 0,
      areasCreated: 2,
    });
    expect(res.body.rows).toEqual([
      expect.objectContaining({
        code: 'LON-2',
        status: 'moved',
        changes: [],
        move: { from: 'UK > London', to: 'UK > Manchester' },
      }),
      expect.objectContaining({
        code: 'MAN-1',
        status: 'moved',
        changes: [{ field: 'name', from: 'Piccadilly', to: 'Leeds Briggate' }],
        move: { from: 'UK > Manchester', to: 'UK > North > Leeds' },
      }),
      expect.objectContaining({
        code: 'NYC-1',
        status: 'changed',
        changes: [{ field: 'name', from: 'Fifth Avenue', to: 'Fifth Ave' }],
        move: null,
      }),
      expect.objectContaining({ code: 'LON-1', status: 'unchanged' }),
    ]);
    const [lon1, lon2, man1, nyc1] = await storesOf(owner);
    expect(await pathOf(lon2!.area)).toBe('UK > Manchester');
    expect(await pathOf(man1!.area)).toBe('UK > North > Leeds');
    expect(man1!.name).toBe('Leeds Briggate');
    // Blank cells leave a field alone; a tags cell that only repeats ("MALL") or reorders is no change.
    expect(lon2!.name).toBe('Soho');
    expect(nyc1!.tags).toEqual(['company', 'mall']);
    expect(lon1!.tags).toEqual(['franchise', 'high street']);
  });

  it("a new store without a time zone takes its area's; a time zone in the file becomes the store's own", async () => {
    const owner = await makeUser();
    await request(app)
      .post('/api/v1/areas')
      .set(owner.auth)
      .send({ name: 'Japan', settings: { timeZone: 'Asia/Tokyo' } })
      .expect(201);
    const csv = 'code,name,area,timezone\nJP-1,Shibuya,Japan,\nJP-2,Umeda,Japan > Osaka,\n';
    const dry = await importCsv(owner, csv).expect(200);
    expect(dry.body.rows[0].changes).toContainEqual({ field: 'timezone', from: '', to: "its area's" });
    await importCsv(owner, csv, { dryRun: 'false' }).expect(200);
    const [jp1, jp2] = await storesOf(owner);
    expect([jp1!.timeZone, jp2!.timeZone]).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);
    expect(jp1!.inherits).toContain('timeZone');
    expect((await importCsv(owner, csv).expect(200)).body.totals.unchanged).toBe(2);
    const own = await importCsv(owner, 'code,timezone\nJP-1,Asia/Seoul\n', { dryRun: 'false' }).expect(200);
    expect(own.body.rows[0].changes).toEqual([{ field: 'timezone', from: 'Asia/Tokyo', to: 'Asia/Seoul' }]);
    const [after] = await storesOf(owner);
    expect(after).toMatchObject({ timeZone: 'Asia/Seoul' });
    expect(after!.inherits).not.toContain('timeZone');
  });

  it('a district manager sees the stores an import adds to their district and loses those it moves out, at once', async () => {
    const owner = await makeUser();
    await importCsv(owner, CHAIN, { dryRun: 'false' }).expect(200);
    const london = await AreaModel.findOne({ business: owner.id, name: 'London' }).lean();
    const manager = await makeAreaMember(owner.id, 'manager', [london!._id]);
    const seen = async () =>
      (await request(app).get('/api/v1/store').set(manager.auth).expect(200)).body.stores
        .map((s: { code: string }) => s.code)
        .sort();
    expect(await seen()).toEqual(['LON-1', 'LON-2']);
    const next = 'code,name,area\nLON-2,,UK > Manchester\nLON-3,Strand,UK > London\n';
    await importCsv(owner, next, { dryRun: 'false' }).expect(200);
    expect(await seen()).toEqual(['LON-1', 'LON-3']);
  });

  it('answers per-row errors with line and field, and a confirm with any error writes nothing (applied false)', async () => {
    const owner = await makeUser();
    const csv = [
      'code,name,timezone',
      'A-1,Good Store,Europe/Paris',
      'A-2,Bad Zone,Mars/Olympus',
      ',No Code,UTC',
      'A-1,Twin,UTC',
      `A-3,${'x'.repeat(256)},UTC`,
      'A-4,,UTC',
    ].join('\n');
    const dry = await importCsv(owner, csv).expect(200);
    expect(dry.body.totals).toMatchObject({ rows: 6, created: 1, errors: 5 });
    const errs = dry.body.rows
      .filter((r: { status: string }) => r.status === 'error')
      .map((r: { line: number; errors: unknown[] }) => [r.line, r.errors]);
    expect(errs).toEqual([
      [3, [{ field: 'timezone', message: 'Choose a valid IANA time zone, e.g. Europe/London' }]],
      [4, [{ field: 'code', message: 'Store code is required' }]],
      [5, [{ field: 'code', message: 'This code is already used on line 2 of the file' }]],
      [6, [{ field: 'name', message: 'Store name must be at most 255 characters' }]],
      [7, [{ field: 'name', message: 'Store name is required for a new store' }]],
    ]);
    const before = await dumpDb();
    const confirm = await importCsv(owner, csv, { dryRun: 'false' }).expect(200);
    expect(confirm.body).toMatchObject({
      applied: false,
      message: expect.stringContaining('Nothing was imported'),
    });
    expect(await dumpDb()).toEqual(before);
  });

  it('refuses a confirm whose rows would now do something else than its dry run showed (409)', async () => {
    const owner = await makeUser();
    const dry = await importCsv(owner, CHAIN).expect(200);
    await makeStore(owner.id, { code: 'LON-1', name: 'Made meanwhile' });
    const res = await importCsv(owner, CHAIN, { dryRun: 'false', plan: dry.body.plan }).expect(409);
    expect(res.body.code).toBe('IMPORT_PLAN_CHANGED');
    expect(await StoreModel.countDocuments({ business: owner.id })).toBe(1);
  });

  it('answers 400 for a file without a code column, an empty file or a bad dryRun; 413 too large; 415 not CSV', async () => {
    const owner = await makeUser();
    const noCode = await importCsv(owner, 'name,area\nSoho,UK').expect(400);
    expect(noCode.body.fieldErrors.file[0]).toMatch(/needs a "code" column/);
    expect((await importCsv(owner, 'code,name\n').expect(400)).body.fieldErrors.file[0]).toMatch(/no stores/);
    expect((await importCsv(owner, CHAIN, { dryRun: 'maybe' }).expect(400)).body.fieldErrors.dryRun).toEqual([
      'dryRun must be true or false',
    ]);
    const missing = await request(app).post('/api/v1/stores/import').set(owner.auth).field('dryRun', 'true');
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.file).toEqual(['Choose a CSV file to import']);
    const huge = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
    expect((await importCsv(owner, huge).expect(413)).body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await importCsv(owner, makePng()).expect(415)).body.message).toMatch(/CSV file/);
    const xlsx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('workbook')]);
    expect((await importCsv(owner, xlsx).expect(415)).body.fieldErrors.file).toBeDefined();
    expect(
      (await importCsv(owner, Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x0a, 0xff, 0xfe])).expect(415)).body.code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await StoreModel.countDocuments({ business: owner.id })).toBe(0);
  });

  it('reads semicolon-separated files with a BOM, and the template the web offers imports cleanly', async () => {
    const owner = await makeUser();
    const semi = '\uFEFFcode;name;tags\nX-1;"Semi; Colon";"a; b"\n';
    const res = await importCsv(owner, semi).expect(200);
    expect(res.body.rows[0]).toMatchObject({ code: 'X-1', name: 'Semi; Colon', status: 'created' });
    const tpl = await importCsv(owner, STORE_IMPORT_TEMPLATE).expect(200);
    expect(tpl.body.totals).toMatchObject({ created: 2, errors: 0 });
  });

  it('stores formula-looking values as plain text, and the store CSV export defuses them', async () => {
    const owner = await makeUser();
    const csv = 'code,name,tags\n=1+2,"=HYPERLINK(""http://evil.example"")",+plus; -minus; @at\n';
    await importCsv(owner, csv, { dryRun: 'false' }).expect(200);
    const [store] = await storesOf(owner);
    expect(store).toMatchObject({
      code: '=1+2',
      name: '=HYPERLINK("http://evil.example")',
      tags: ['+plus', '-minus', '@at'],
    });
    await makeRating(store!, { score: 4 });
    const out = await request(app).get('/api/v1/analytics/export/stores').set(owner.auth).expect(200);
    expect(out.text).toContain(`'=HYPERLINK(""http://evil.example"")`);
    expect(out.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('is for owners and admins: a store manager gets 403 and nothing is written', async () => {
    const owner = await makeUser();
    const store = await makeStore(owner.id);
    const manager = await makeMember(owner.id, 'manager', [store._id]);
    const admin = await makeMember(owner.id, 'admin');
    expect((await importCsv(manager, CHAIN).expect(403)).body.code).toBe('FORBIDDEN');
    await importCsv(admin, CHAIN, { dryRun: 'false' }).expect(200);
    expect(await StoreModel.countDocuments({ business: owner.id })).toBe(5);
  });

  it("another business's codes are its own: importing a code another business uses creates a store of yours", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const theirs = await makeStore(a.id, { code: 'LON-1', name: 'Victim Store' });
    const res = await importCsv(b, 'code,name,area\nLON-1,Mine,UK\n', { dryRun: 'false' }).expect(200);
    expect(res.body.rows[0].status).toBe('created');
    expect(await StoreModel.findById(theirs._id).lean()).toMatchObject({ name: 'Victim Store', area: null });
    expect(await AreaModel.countDocuments({ business: a.id })).toBe(0);
  });
});
