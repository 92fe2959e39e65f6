// Interface toggles per store, and the QR PNG/SVG and A4 poster, decoded back to the store's rating link.
import request from 'supertest';
import { createApp } from '../../src/app';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { POSTER_CALL_TO_ACTION, POSTER_HEADLINE, POSTER_TAGLINE } from '../../src/modules/stores/stores.qr';
import { PNG } from 'pngjs';
import { pdfPagesPng } from '../helpers/pdf';
import { decodeQrPng, decodeQrSvg, decodeRgba, pdfImages, pdfText } from '../helpers/qr';

setupTestDb();
const app = createApp();

/** supertest buffers binary bodies only when asked. */
function binary(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('GET/PUT /api/v1/store/:id/interfaces', () => {
  it('starts with all three enabled and updates only the ones sent', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const get = await request(app).get(`/api/v1/store/${store._id}/interfaces`).set(auth).expect(200);
    expect(get.body.interfaces).toEqual({
      interface1: { status: true },
      interface2: { status: true },
      interface3: { status: true },
    });
    const put = await request(app)
      .put(`/api/v1/store/${store._id}/interfaces`)
      .set(auth)
      .send({ interface2: { status: false } })
      .expect(200);
    expect(put.body).toEqual({
      message: 'Interface settings updated',
      interfaces: {
        interface1: { status: true },
        interface2: { status: false },
        interface3: { status: true },
      },
    });
  });

  it('allows pausing all three but says customers cannot rate until one is enabled', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const off = { status: false };
    const res = await request(app)
      .put(`/api/v1/store/${store._id}/interfaces`)
      .set(auth)
      .send({ interface1: off, interface2: off, interface3: off })
      .expect(200);
    expect(res.body.message).toMatch(
      /All interfaces are disabled: customers cannot rate this store until you enable one\./,
    );
    const pub = await request(app).get(`/api/v1/anonymous/user-interfaces/${store._id}`).expect(200);
    expect(pub.body.interfaces).toEqual({ interface1: off, interface2: off, interface3: off });
  });

  it('refuses an empty update and a non-boolean status', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const empty = await request(app)
      .put(`/api/v1/store/${store._id}/interfaces`)
      .set(auth)
      .send({})
      .expect(400);
    expect(empty.body.message).toBe('Send at least one of interface1, interface2, interface3');
    await request(app)
      .put(`/api/v1/store/${store._id}/interfaces`)
      .set(auth)
      .send({ interface1: { status: 'yes' } })
      .expect(400);
  });
});

describe('GET /api/v1/store/:id/qr.png', () => {
  it('is a PNG QR code that decodes to /rate-staff?store=<id> at the asked size', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .get(`/api/v1/store/${store._id}/qr.png?size=300`)
      .set(auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="store-\d+-qr\.png"$/);
    expect(decodeQrPng(res.body as Buffer)).toBe(`http://localhost:5173/rate-staff?store=${store._id}`);
    expect((res.body as Buffer).readUInt32BE(16)).toBe(300);
  });

  it('offers a download with the store name in the file name', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id, { name: 'Covent Garden' });
    const res = await request(app)
      .get(`/api/v1/store/${store._id}/qr.png?download=1`)
      .set(auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="covent-garden-qr.png"');
  });

  it('refuses sizes outside 128 to 2048', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app).get(`/api/v1/store/${store._id}/qr.png?size=4000`).set(auth).expect(400);
    expect(res.body.message).toBe('Size must be 128 to 2048');
  });
});

describe('GET /api/v1/store/:id/qr.svg', () => {
  it('is an SVG QR code that decodes to the same link', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .get(`/api/v1/store/${store._id}/qr.svg`)
      .set(auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(decodeQrSvg((res.body as Buffer).toString('utf8'))).toBe(
      `http://localhost:5173/rate-staff?store=${store._id}`,
    );
  });
});

describe('GET /api/v1/store/:id/poster.pdf', () => {
  it('is a one-page A4 PDF whose embedded QR image decodes to the link, with the store name and call to action', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id, { name: 'Harbour Kiosk' });
    const res = await request(app)
      .get(`/api/v1/store/${store._id}/poster.pdf`)
      .set(auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const pdf = res.body as Buffer;
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    const shown = pdfText(pdf);
    expect(shown).toContain('Harbour Kiosk');
    expect(shown).toContain(POSTER_HEADLINE);
    expect(shown.replace(/\s+/g, ' ')).toContain(POSTER_CALL_TO_ACTION);
    expect(shown).toContain(POSTER_TAGLINE);
    // The code is drawn as vectors (sharp at any print size), no bitmap: the rendered page decodes to the link.
    expect(pdfImages(pdf)).toEqual([]);
    const [page] = await pdfPagesPng(pdf, 72);
    const png = PNG.sync.read(page!);
    expect(decodeRgba(new Uint8ClampedArray(png.data), png.width, png.height)).toBe(
      `http://localhost:5173/rate-staff?store=${store._id}`,
    );
  });
});
