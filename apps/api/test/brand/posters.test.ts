// GET /api/v1/stores/posters.pdf: one page per store, each page's QR decoded from the rendered page back to that store's
// link and the chain's logo seen on every page; selection by stores= and areas=, and a manager gets only their stores.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import request from 'supertest';
import { createApp } from '../../src/app';
import { makeMember, makePng, makeStore, makeUser, type MadeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { pdfPagesPng } from '../helpers/pdf';

setupTestDb();
const app = createApp();

/** A pure magenta logo: nothing else on a poster is that colour, so seeing it on a rendered page means the logo is there. */
const MAGENTA: [number, number, number] = [255, 0, 255];
const rateUrl = (id: unknown) => `http://localhost:5173/rate-staff?store=${String(id)}`;

function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

const posters = (who: MadeUser, query = '') =>
  request(app).get(`/api/v1/stores/posters.pdf${query}`).set(who.auth).buffer(true).parse(binary);

/** Per page: the QR's text and whether the logo's magenta shows in the band above the headline. */
async function readPages(pdf: Buffer): Promise<{ qr: string | null; logo: boolean }[]> {
  const pages = await pdfPagesPng(pdf, 72);
  return pages.map((bytes) => {
    const png = PNG.sync.read(bytes);
    let magenta = 0;
    // 72 dpi: one pixel per point; the logo box spans y 28–92 pt.
    for (let y = 20; y < 100; y++) {
      for (let x = 0; x < png.width; x++) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! > 230 && png.data[i + 1]! < 40 && png.data[i + 2]! > 230) magenta++;
      }
    }
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
    return { qr, logo: magenta > 500 };
  });
}

async function withLogo(owner: MadeUser) {
  await request(app)
    .put('/api/v1/brand/logo')
    .set(owner.auth)
    .attach('logo', makePng(200, 80, MAGENTA), 'logo.png')
    .expect(200);
}

describe('GET /api/v1/stores/posters.pdf', () => {
  it("is one A4 page per store, by name, each with its own store's QR and the chain's logo", async () => {
    const owner = await makeUser();
    const names = ['Camden', 'Aldgate', 'Bow', 'Dalston', 'Ealing'];
    const stores = await Promise.all(names.map((name) => makeStore(owner.id, { name })));
    await withLogo(owner);
    const res = await posters(owner, '?download=1').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="feedback-posters.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.body as Buffer;
    expect(pdf.toString('latin1').match(/\/MediaBox \[0 0 595\.28 841\.89\]/g)).toHaveLength(5);
    // One embedded copy of the logo, however many pages show it.
    const pages = await readPages(pdf);
    const byName = [...stores].sort((a, b) => a.name.localeCompare(b.name));
    expect(pages).toEqual(byName.map((s) => ({ qr: rateUrl(s._id), logo: true })));
  });

  it('prints the selected stores or the stores of an area, and refuses an empty selection with a field message', async () => {
    const owner = await makeUser();
    const north = (await request(app).post('/api/v1/areas').set(owner.auth).send({ name: 'North' }).expect(201)).body;
    const a = await makeStore(owner.id, { name: 'Alpha' });
    const b = await makeStore(owner.id, { name: 'Beta', area: north._id });
    const c = await makeStore(owner.id, { name: 'Gamma', area: north._id });
    const picked = await readPages((await posters(owner, `?stores=${String(c._id)},${String(a._id)}`).expect(200)).body);
    expect(picked.map((p) => p.qr)).toEqual([rateUrl(a._id), rateUrl(c._id)]);
    // No logo set: the posters print without one.
    expect(picked.every((p) => !p.logo)).toBe(true);
    const area = await readPages((await posters(owner, `?areas=${north._id}`).expect(200)).body);
    expect(area.map((p) => p.qr)).toEqual([rateUrl(b._id), rateUrl(c._id)]);
    const empty = await request(app).post('/api/v1/areas').set(owner.auth).send({ name: 'Empty' }).expect(201);
    const none = await request(app).get(`/api/v1/stores/posters.pdf?areas=${empty.body._id}`).set(owner.auth);
    expect(none.status).toBe(400);
    expect(none.body.fieldErrors).toEqual({ areas: ['There are no stores in this selection'] });
    const bad = await request(app).get('/api/v1/stores/posters.pdf?stores=nope').set(owner.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['stores.0']).toEqual(['Must be a valid id']);
  });

  it("gives a manager only their stores, 404 for another store or business's store, 403 to a viewer", async () => {
    const owner = await makeUser();
    const mine = await makeStore(owner.id, { name: 'Mine' });
    const theirs = await makeStore(owner.id, { name: 'Theirs' });
    await withLogo(owner);
    const manager = await makeMember(owner.id, 'manager', [mine._id]);
    const own = await readPages((await posters(manager).expect(200)).body);
    expect(own).toEqual([{ qr: rateUrl(mine._id), logo: true }]);
    await posters(manager, `?stores=${String(theirs._id)}`).expect(404);
    const stranger = await makeUser();
    const foreign = await makeStore(stranger.id);
    await posters(owner, `?stores=${String(foreign._id)}`).expect(404);
    const viewer = await makeMember(owner.id, 'viewer', [mine._id]);
    await posters(viewer).expect(403);
  });
});
