// Rota import: two scheduling tools' CSV layouts and .ics files (TZID and UTC) → a per-row preview, then the shifts.
import request from 'supertest';
import { createApp } from '../../src/app';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeMember, makePng, makeShift, makeStaff, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function chain() {
  const owner = await makeUser();
  const soho = await makeStore(owner.id, { name: 'Soho', code: 'LON-1', timeZone: 'Europe/London' });
  const camden = await makeStore(owner.id, { name: 'Camden', timeZone: 'Europe/London' });
  const zoe = await makeStaff(owner.id, [soho._id], { name: 'Zoë Martín', email: 'zoe@chain.example' });
  const sam = await makeStaff(owner.id, [soho._id], { name: 'Sam Lee' });
  const cam = await makeStaff(owner.id, [camden._id], { name: 'Cam Only' });
  return { owner, soho, camden, zoe, sam, cam };
}

const upload = (u: MadeUser, file: string | Buffer, fields: Record<string, string>, name = 'rota.csv') => {
  let req = request(app).post('/api/v1/rota/import').set(u.auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('file', Buffer.isBuffer(file) ? file : Buffer.from(file), name);
};

// Deputy / 7shifts style: one name column, ISO dates, 24-hour times, a location column.
const DEPUTY = [
  'Employee,Date,Start Time,End Time,Location,Area',
  'zoe martin,2026-06-01,09:00,17:00,Soho,Bar', // line 2: accents and case ignored
  'Sam Lee,2026-06-01,22:00,06:00,LON-1,Bar', // line 3: overnight, location by store code
  'Nobody Known,2026-06-02,09:00,12:00,Soho,Floor', // line 4: unknown person
  'Sam Lee,2026-06-02,9:00,25:00,Soho,Bar', // line 5: bad end time
  'Sam Lee,2026-06-03,09:00,17:00,Camden,Bar', // line 6: another store's row
  'Cam Only,2026-06-03,09:00,17:00,,Bar', // line 7: works elsewhere
].join('\n');

describe('POST /rota/import — CSV', () => {
  it('previews a Deputy-style export row by row, writes nothing, then adds only the good rows once', async () => {
    const { owner, soho, zoe, sam } = await chain();
    const preview = await upload(owner, DEPUTY, { store: String(soho._id) }).expect(200);
    expect(preview.body).toMatchObject({ dryRun: true, applied: false, format: 'csv', dateOrder: 'ymd' });
    expect(preview.body.mapping).toMatchObject({ name: 'Employee', date: 'Date', start: 'Start Time', end: 'End Time', location: 'Location' });
    expect(preview.body.totals).toEqual({ rows: 6, new: 2, added: 0, unchanged: 0, errors: 4 });
    const rows = preview.body.rows;
    expect(rows[0]).toMatchObject({ line: 2, staff: { _id: String(zoe._id) }, date: '2026-06-01', start: '09:00', end: '17:00', status: 'new' });
    expect(rows[1]).toMatchObject({ line: 3, staff: { _id: String(sam._id) }, start: '22:00', end: '06:00', status: 'new' });
    expect(rows[2]).toMatchObject({ line: 4, status: 'error', errors: [{ field: 'person', message: 'Nobody called Nobody Known works for this business' }] });
    expect(rows[3].errors).toEqual([{ field: 'end', message: '"25:00" is not a time' }]);
    expect(rows[4].errors[0]).toMatchObject({ field: 'location', message: expect.stringMatching(/"Camden", not Soho/) });
    expect(rows[5].errors[0].message).toBe('Cam Only does not work at Soho. Add the store to their profile first.');
    expect(preview.body.unknownStaff).toEqual([{ person: 'Nobody Known', lines: [4] }]);
    expect(await ShiftModel.countDocuments({ store: soho._id })).toBe(0);

    const done = await upload(owner, DEPUTY, { store: String(soho._id), dryRun: 'false' }).expect(200);
    expect(done.body).toMatchObject({ applied: true, message: 'Imported 2 shifts; 4 rows skipped.' });
    const saved = await ShiftModel.find({ store: soho._id }).sort({ start: 1 }).lean();
    // 09:00 BST is 08:00Z; the overnight shift ends the next morning.
    expect(saved.map((s) => [s.start.toISOString(), s.end.toISOString()])).toEqual([
      ['2026-06-01T08:00:00.000Z', '2026-06-01T16:00:00.000Z'],
      ['2026-06-01T21:00:00.000Z', '2026-06-02T05:00:00.000Z'],
    ]);
    const audit = await AuditModel.find({ business: owner.id, action: 'shift.import' }).lean();
    expect(audit.map((a) => a.summary)).toEqual(['Imported 2 shifts at Soho from rota.csv']);

    // The same file again adds nothing: its shifts are already on the rota.
    const again = await upload(owner, DEPUTY, { store: String(soho._id), dryRun: 'false' }).expect(200);
    expect(again.body.totals).toMatchObject({ unchanged: 2, added: 0 });
    expect(again.body.message).toMatch(/^Nothing to add/);
    expect(await ShiftModel.countDocuments({ store: soho._id })).toBe(2);
  });

  it('reads a When I Work-style export: first and last name, email, US dates and 12-hour times', async () => {
    const { owner, soho, zoe, sam } = await chain();
    const csv = [
      'First Name;Last Name;Email;Start Date;Start Time;End Time;Position',
      'Someone;Else;ZOE@chain.example;06/13/2026;9:30 AM;5:00 PM;Barista', // matched by email, whatever the name
      'sam;LEE;;06/14/2026;10:00 pm;2:00 am;Barista',
      'Sam;Lee;;06/14/2026;11:00 pm;3:00 am;Barista', // overlaps the line above
    ].join('\r\n');
    const res = await upload(owner, csv, { store: String(soho._id) }).expect(200);
    expect(res.body.mapping).toMatchObject({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', date: 'Start Date' });
    expect(res.body.dateOrder).toBe('mdy');
    expect(res.body.rows.map((r: { staff: { _id: string } | null; date: string; start: string; end: string; status: string }) => [r.staff?._id, r.date, r.start, r.end, r.status])).toEqual([
      [String(zoe._id), '2026-06-13', '09:30', '17:00', 'new'],
      [String(sam._id), '2026-06-14', '22:00', '02:00', 'new'],
      [String(sam._id), '2026-06-14', '23:00', '03:00', 'error'],
    ]);
    expect(res.body.rows[2].errors[0].message).toBe('Overlaps line 3 of the file (same person)');
  });

  it('takes a mapping chosen in the preview and a date order; says which column is missing', async () => {
    const { owner, soho, sam } = await chain();
    const csv = 'Who,Shift day,Clock on,Clock off\nSam Lee,03/04/2026,08:00,12:00\n';
    // The preview still answers with the header so the columns can be chosen; a confirm is refused.
    const preview = await upload(owner, csv, { store: String(soho._id) }).expect(200);
    expect(preview.body).toMatchObject({ headers: ['Who', 'Shift day', 'Clock on', 'Clock off'], rows: [] });
    expect(preview.body.mappingProblem).toMatch(/the person/);
    const missing = await upload(owner, csv, { store: String(soho._id), dryRun: 'false' }).expect(400);
    expect(missing.body.fieldErrors.mapping[0]).toMatch(/the person/);
    const mapping = JSON.stringify({ name: 'Who', date: 'Shift day', start: 'Clock on', end: 'Clock off' });
    const res = await upload(owner, csv, { store: String(soho._id), mapping, dateOrder: 'mdy' }).expect(200);
    expect(res.body.rows[0]).toMatchObject({ staff: { _id: String(sam._id) }, date: '2026-03-04', status: 'new' });
    const dmy = await upload(owner, csv, { store: String(soho._id), mapping }).expect(200);
    expect(dmy.body.rows[0].date).toBe('2026-04-03');
  });

  it('flags a row that overlaps a shift already on the rota', async () => {
    const { owner, soho, sam } = await chain();
    await makeShift(owner.id, soho, sam, new Date('2026-06-01T10:00:00Z'), new Date('2026-06-01T14:00:00Z'));
    const res = await upload(owner, 'Employee,Date,Start,End\nSam Lee,2026-06-01,12:00,18:00\n', { store: String(soho._id) }).expect(200);
    expect(res.body.rows[0].errors[0].message).toBe('Sam Lee already has a shift at this store on 2026-06-01, 11:00–15:00, which overlaps this one');
  });
});

const VTIMEZONE_NY = [
  'BEGIN:VTIMEZONE',
  'TZID:Eastern Custom',
  'BEGIN:DAYLIGHT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function ics(events: string[][]): string {
  const body = events.flatMap((e, i) => ['BEGIN:VEVENT', `UID:shift-${i}@example`, 'DTSTAMP:20260101T000000Z', ...e, 'END:VEVENT']);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Rota//EN', ...VTIMEZONE_NY, ...body, 'END:VCALENDAR', ''].join('\r\n');
}

describe('POST /rota/import — iCalendar', () => {
  it('reads TZID (IANA or the file’s own VTIMEZONE), UTC and floating times into the store’s zone', async () => {
    const { owner, soho, zoe, sam } = await chain();
    const file = ics([
      // 04:00 in New York on 1 Jun 2026 (EDT, UTC−4) is 09:00 in London (BST).
      ['DTSTART;TZID=America/New_York:20260601T040000', 'DTEND;TZID=America/New_York:20260601T120000', 'SUMMARY:Sam Lee - Barista'],
      // The file's own zone definition: the same instants.
      ['DTSTART;TZID=Eastern Custom:20260602T040000', 'DTEND;TZID=Eastern Custom:20260602T120000', 'SUMMARY:Shift', 'ATTENDEE;CN=Zoe Martin:mailto:zoe@chain.example'],
      // UTC: 07:00Z is 08:00 BST.
      ['DTSTART:20260603T070000Z', 'DTEND:20260603T150000Z', 'SUMMARY:Shift: zoë martín', 'LOCATION:Soho'],
      // Floating: the store's wall clock.
      ['DTSTART:20260604T100000', 'DURATION:PT6H', 'SUMMARY:Sam Lee'],
      ['DTSTART;VALUE=DATE:20260605', 'SUMMARY:Sam Lee'],
      ['DTSTART:20260606T090000Z', 'DTEND:20260606T170000Z', 'SUMMARY:Pat Unknown'],
    ]);
    const res = await upload(owner, file, { store: String(soho._id) }, 'rota.ics').expect(200);
    expect(res.body.format).toBe('ics');
    const view = res.body.rows.map((r: { line: number; staff: { _id: string } | null; date: string; start: string; end: string; status: string }) => [r.staff?._id ?? null, r.date, r.start, r.end, r.status]);
    expect(view).toEqual([
      [String(sam._id), '2026-06-01', '09:00', '17:00', 'new'],
      [String(zoe._id), '2026-06-02', '09:00', '17:00', 'new'],
      [String(zoe._id), '2026-06-03', '08:00', '16:00', 'new'],
      [String(sam._id), '2026-06-04', '10:00', '16:00', 'new'],
      [String(sam._id), '', '', '', 'error'],
      [null, '2026-06-06', '10:00', '18:00', 'error'],
    ]);
    // Lines point at each event's BEGIN:VEVENT.
    expect(res.body.rows[0].line).toBe(19);
    expect(res.body.rows[4].errors[0].message).toMatch(/all-day event/);
    expect(res.body.unknownStaff).toEqual([{ person: 'Pat Unknown', lines: [res.body.rows[5].line] }]);

    await upload(owner, file, { store: String(soho._id), dryRun: 'false' }, 'rota.ics').expect(200);
    const saved = await ShiftModel.find({ store: soho._id }).sort({ start: 1 }).lean();
    expect(saved.map((s) => s.start.toISOString())).toEqual([
      '2026-06-01T08:00:00.000Z',
      '2026-06-02T08:00:00.000Z',
      '2026-06-03T07:00:00.000Z',
      '2026-06-04T09:00:00.000Z',
    ]);
  });
});

describe('POST /rota/import — scope and bad files', () => {
  it('lets a manager import only for their stores; a viewer not at all', async () => {
    const { owner, soho, camden } = await chain();
    const manager = await makeMember(owner.id, 'manager', [soho._id]);
    const viewer = await makeMember(owner.id, 'viewer', [soho._id]);
    const csv = 'Employee,Date,Start,End\nSam Lee,2026-06-01,09:00,17:00\n';
    expect((await upload(manager, csv, { store: String(soho._id) })).status).toBe(200);
    expect((await upload(manager, csv, { store: String(camden._id), dryRun: 'false' })).status).toBe(404);
    expect((await upload(viewer, csv, { store: String(soho._id) })).status).toBe(403);
    const stranger = await makeUser();
    expect((await upload(stranger, csv, { store: String(soho._id) })).status).toBe(404);
    expect(await ShiftModel.countDocuments({})).toBe(0);
  });

  it('answers 400 for no file, no store or an empty file; 413 too large; 415 not CSV or iCalendar', async () => {
    const { owner, soho } = await chain();
    const store = String(soho._id);
    const none = await request(app).post('/api/v1/rota/import').set(owner.auth).field('store', store).expect(400);
    expect(none.body.fieldErrors.file).toEqual(['Choose a CSV or .ics file to import']);
    expect((await upload(owner, 'a,b\n1,2\n', {}).expect(400)).body.fieldErrors.store).toBeDefined();
    expect((await upload(owner, 'Employee,Date\n', { store }).expect(400)).body.fieldErrors.file[0]).toMatch(/no shifts/);
    const noEvents = ics([]);
    expect((await upload(owner, noEvents, { store }, 'a.ics').expect(400)).body.fieldErrors.file[0]).toMatch(/no events/);
    expect((await upload(owner, Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), { store })).status).toBe(413);
    expect((await upload(owner, makePng(), { store }, 'rota.png').expect(415)).body.message).toMatch(/iCalendar/);
    expect((await upload(owner, 'x', { store, mapping: '{nope' }).expect(400)).body.fieldErrors.mapping).toBeDefined();
  });
});
