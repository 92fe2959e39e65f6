// The demo's comments agree with their stars (as the insight engine reads them), come in English and some Spanish,
// and now and then praise a member of the rated store's staff by first name, so themes and shout-outs appear.
import { analyseComment, type SentimentLabel } from '../../src/modules/insight';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { bandOf, demoCommentBank, firstName, type DemoBand } from '../../src/seed/demo-comments';
import { DEMO_STAFF } from '../../src/seed/demo-data';
import { seedDemo } from '../../src/seed/seed';
import { setupTestDb } from '../helpers/db';

// One seed serves every test that reads it (seeding a whole business is the costly part; the tests only read).
setupTestDb({ clearBetweenTests: false });
// Seeding a whole business (pictures, rota, rollups) is slow on a busy 2-core machine.
jest.setTimeout(180_000);

const TODAY = new Date('2025-06-18T23:00:00Z');
const BANDS: DemoBand[] = ['negative', 'neutral', 'positive'];

/** Comments whose sentiment contradicts their band: any opposite polarity, and the ones one step off (via neutral). */
function disagreements(pairs: Array<{ band: DemoBand; label: SentimentLabel }>) {
  const off = pairs.filter((p) => p.band !== p.label);
  return {
    opposite: off.filter((p) => p.band !== 'neutral' && p.label !== 'neutral').length,
    oneStep: off.length / Math.max(pairs.length, 1),
  };
}

describe('demo comment bank', () => {
  it('reads, with every staff first name filled in, as its band and in its language', () => {
    const pairs: Array<{ band: DemoBand; label: SentimentLabel }> = [];
    const wrongLanguage: string[] = [];
    for (const band of BANDS) {
      for (const language of ['en', 'es'] as const) {
        for (const template of demoCommentBank(band, language)) {
          const texts = template.includes('{name}')
            ? DEMO_STAFF.map((s) => template.replace('{name}', firstName(s.name)))
            : [template];
          for (const text of texts) {
            const insight = analyseComment(text);
            pairs.push({ band, label: insight.sentiment.label });
            if (insight.language !== language) wrongLanguage.push(text);
          }
        }
      }
    }
    const { opposite, oneStep } = disagreements(pairs);
    expect(opposite).toBe(0);
    expect(oneStep).toBeLessThanOrEqual(0.05);
    expect(wrongLanguage).toEqual([]);
  });

  it('has praise, mixed and complaint comments in both languages', () => {
    for (const band of BANDS) {
      expect(demoCommentBank(band, 'en').length).toBeGreaterThanOrEqual(10);
      expect(demoCommentBank(band, 'es').length).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('demo seed: comments', () => {
  beforeAll(async () => {
    await seedDemo(TODAY, 600);
  });

  it('writes comments that agree with their scores, some in Spanish, some naming staff of the rated store', async () => {
    const ratings = await RatingModel.find({ comment: { $ne: '' } }).lean();
    const staff = await StaffModel.find().lean();
    expect(ratings.length).toBeGreaterThan(100);
    // Most customers only tap a score: the pipeline analyses a manageable number of comments.
    expect(ratings.length).toBeLessThan(600 * 0.5);

    const insights = ratings.map((r) => ({ rating: r, insight: analyseComment(r.comment) }));
    const { opposite, oneStep } = disagreements(
      insights.map(({ rating, insight }) => ({ band: bandOf(rating.score), label: insight.sentiment.label })),
    );
    expect(opposite).toBe(0);
    expect(oneStep).toBeLessThanOrEqual(0.05);

    const spanish = insights.filter(({ insight }) => insight.language === 'es').length / insights.length;
    expect(spanish).toBeGreaterThan(0.1);
    expect(spanish).toBeLessThan(0.35);

    const namesAt = (store: unknown) =>
      staff.filter((s) => s.stores.some((id) => String(id) === String(store))).map((s) => firstName(s.name));
    const mentions = (text: string, name: string) => new RegExp(`\\b${name}\\b`, 'u').test(text);
    const allNames = staff.map((s) => firstName(s.name));
    const naming = ratings.filter((r) => allNames.some((name) => mentions(r.comment, name)));
    expect(naming.length).toBeGreaterThan(10);
    // A named person always works at the rated store, and is named in praise only.
    for (const r of naming) {
      expect(namesAt(r.store).some((name) => mentions(r.comment, name))).toBe(true);
      expect(r.score).toBeGreaterThanOrEqual(4);
    }
    // A staff rating's praise names the person rated.
    const staffPraise = naming.filter((r) => r.staff);
    expect(staffPraise.length).toBeGreaterThan(0);
    for (const r of staffPraise) {
      const rated = staff.find((s) => String(s._id) === String(r.staff))!;
      expect(mentions(r.comment, firstName(rated.name))).toBe(true);
    }
  });

  it('has its comments analysed on first login: themes found and shout-outs for named staff', async () => {
    const commented = await RatingModel.find({ comment: { $ne: '' } }).lean();
    expect(commented.every((r) => r.insight?.sentiment)).toBe(true);
    const themes = new Set(commented.flatMap((r) => r.insight?.themes ?? []));
    for (const theme of ['queue', 'coffee', 'Friendly', 'Great value', 'Clean store'])
      expect(themes).toContain(theme);
    const shoutOuts = commented.filter((r) => r.shoutOut);
    expect(shoutOuts.length).toBeGreaterThan(10);
    expect(shoutOuts.every((r) => r.score >= 4)).toBe(true);
  });

  it('ticks quick tags (compliments) on 4- and 5-star ratings only', async () => {
    const tagged = await RatingModel.find({ 'tags.0': { $exists: true } }).lean();
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.filter((r) => r.score < 4)).toEqual([]);
  });
});
