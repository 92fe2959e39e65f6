// The same customer comments reach a breakroom board, a scorecard share link and a scorecard PDF: none of them shows
// the customer's email, phone number or link (one masking function), while the dashboard's own card keeps the text.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { pdfText } from '../helpers/pdf';
import { createBoard, publicBoard, shoutOut } from '../boards/support';
import { makeShop } from '../feedback/support';
import { binary } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const COMMENTS = [
  'Alice was lovely! Write to me at jo.smith@example.com anytime',
  'Alice rocks, call me on +44 7700 900123 about the job',
  'Alice is the best, see www.jo-bakes.org/menu for my cakes',
];
const CONTACTS = ['jo.smith', 'example.com', '7700', '900123', 'jo-bakes', '/menu'];

/** A shop whose barista Alice has the three shout-outs, a board link and a scorecard share link. */
async function praisedShop() {
  const shop = await makeShop();
  for (const comment of COMMENTS) await shoutOut(shop.store, shop.alice, comment);
  const board = await createBoard(app, shop.business, shop.store);
  const share = await request(app)
    .post(`/api/v1/scorecards/${shop.alice._id}/share`)
    .set(shop.business.auth)
    .send({ period: 'last7' })
    .expect(201);
  const shareToken = (share.body.url as string).split('/scorecard/')[1]!;
  return { ...shop, board, shareToken };
}

const expectNoContact = (shown: string) => {
  for (const contact of CONTACTS) expect(shown).not.toContain(contact);
};

describe('customer contact details outside the dashboard', () => {
  it('are masked alike on the board, the scorecard share link and the scorecard PDF', async () => {
    const { business, alice, board, shareToken } = await praisedShop();

    const wall = await publicBoard(app, board.token).expect(200);
    const wallTexts = (wall.body.shoutOuts as Array<{ text: string }>).map((s) => s.text);
    expect(wallTexts).toHaveLength(3);

    const shared = await request(app).get(`/api/v1/scorecards/public/${shareToken}`).expect(200);
    const sharedTexts = (shared.body.shoutOuts as Array<{ comment: string }>).map((s) => s.comment);
    // the link shows exactly what the wall shows, in the same order (newest first)
    expect(sharedTexts).toEqual(wallTexts);
    expect(sharedTexts).toEqual(
      expect.arrayContaining([
        'Alice was lovely! Write to me at [email] anytime',
        'Alice rocks, call me on [phone] about the job',
        'Alice is the best, see [link] for my cakes',
      ]),
    );
    expectNoContact(JSON.stringify(wall.body));
    expectNoContact(JSON.stringify(shared.body));

    const pdf = await request(app)
      .get(`/api/v1/scorecards/${alice._id}/pdf?period=last7`)
      .set(business.auth)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('[email]');
    expect(text).toContain('[phone]');
    expect(text).toContain('[link]');
    expectNoContact(text);
  });

  it('stay in full on the signed-in card, where the business reads its own feedback', async () => {
    const { business, alice } = await praisedShop();
    const card = await request(app)
      .get(`/api/v1/scorecards/${alice._id}?period=last7`)
      .set(business.auth)
      .expect(200);
    expect(JSON.stringify(card.body.shoutOuts)).toContain('jo.smith@example.com');
  });
});
