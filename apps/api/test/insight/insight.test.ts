// Comment insight: language, sentiment with negation and contrast, themes from the quick tags and discovered phrases.
import {
  analyseComment,
  buildVocabulary,
  defaultVocabulary,
  discoverThemes,
  nearDuplicates,
  themesOf,
} from '../../src/modules/insight';
import { EXPERIENCE_BAD_TAGS, STAFF_BAD_TAGS } from '@cx/contracts';
import { ratingThemes } from '../../src/modules/insight/insight.service';

describe('analyseComment — sentiment', () => {
  it('turns praise negative when it is negated, in English and Spanish', () => {
    expect(analyseComment('The staff were friendly').sentiment.label).toBe('positive');
    expect(analyseComment('The staff were not friendly').sentiment.label).toBe('negative');
    expect(analyseComment('El personal fue muy amable').sentiment.label).toBe('positive');
    expect(analyseComment('El personal no fue nada amable').sentiment.label).toBe('negative');
  });

  it('reads a negated complaint ("not bad", "no está mal") as positive, not negative', () => {
    expect(analyseComment('Honestly not bad at all').sentiment.score).toBeGreaterThan(0);
    expect(analyseComment('No está nada mal').sentiment.score).toBeGreaterThan(0);
  });

  it('weighs what follows "but"/"pero" more than what comes before', () => {
    expect(analyseComment('The coffee was great but the staff were rude and slow').sentiment.label).toBe(
      'negative',
    );
    expect(analyseComment('Había mucha cola pero el personal fue encantador').sentiment.label).toBe(
      'positive',
    );
  });

  it('keeps a plain factual comment neutral and every score within -1…1', () => {
    const plain = analyseComment('Came in to pick up a parcel');
    expect(plain.sentiment).toEqual({ label: 'neutral', score: 0 });
    const strong = analyseComment('Absolutely amazing, wonderful, brilliant, perfect!!! 😍😍');
    expect(strong.sentiment.score).toBeLessThanOrEqual(1);
    expect(strong.sentiment.score).toBeGreaterThan(0.8);
  });
});

describe('analyseComment — language', () => {
  it('tells Spanish from English, including short comments', () => {
    expect(analyseComment('La cola era enorme y el café estaba frío').language).toBe('es');
    expect(analyseComment('The queue was huge and the coffee was cold').language).toBe('en');
    expect(analyseComment('Muy bien, gracias').language).toBe('es');
    expect(analyseComment('Thanks, great job').language).toBe('en');
  });

  it('answers "und" with a neutral zero score for empty or blank text', () => {
    for (const text of ['', '   ', '...']) {
      expect(analyseComment(text)).toEqual({
        language: 'und',
        sentiment: { label: 'neutral', score: 0 },
        themes: [],
      });
    }
  });

  it('scores emoji-only comments by their emoji, with no language', () => {
    expect(analyseComment('😡😡')).toMatchObject({ language: 'und', sentiment: { label: 'negative' } });
    expect(analyseComment('👍')).toMatchObject({ language: 'und', sentiment: { label: 'positive' } });
  });
});

describe('themes', () => {
  it('matches the quick tags through English and Spanish words, plurals and missing accents', () => {
    const tags = defaultVocabulary();
    expect(themesOf('Maria was so friendly', tags)).toEqual(['Friendly']);
    expect(themesOf('Todos muy amables y la tienda muy limpia', tags)).toEqual(['Friendly', 'Clean store']);
    expect(themesOf('Los precios son buenos', tags)).toEqual(['Great value']);
    expect(themesOf('Nothing to say', tags)).toEqual([]);
  });

  it('discovers recurring phrases, merging synonyms and Spanish forms of a known topic', () => {
    const found = discoverThemes([
      'Waited ages in the queue',
      'The line was out the door',
      'Mucha cola esta mañana',
      'Asked about a refund and Maria sorted it',
      'The refund took two weeks',
      'No refund without a receipt',
      'The receipt printer was broken',
    ]);
    const byPhrase = Object.fromEntries(found.map((t) => [t.phrase, t.count]));
    expect(byPhrase.queue).toBe(3);
    expect(byPhrase.refund).toBe(3);
    // Below the three-comment minimum, a stop word, and a person's name are not themes.
    expect(byPhrase).not.toHaveProperty('receipt');
    expect(byPhrase).not.toHaveProperty('the');
    expect(byPhrase).not.toHaveProperty('maria');
  });

  it('merges a phrase into the theme inside it and drops words that name no topic, in English and Spanish', () => {
    const found = discoverThemes([
      'Love the new music playlist',
      'Great music, great playlist',
      'The music playlist was too loud',
      'Great music here',
      'Busy area at this hour, normal for the age of the place',
      'The area was packed for an hour',
      'An hour in a crowded area',
      'Correcto, sin más',
      'Todo correcto',
      'Correcto y rápido',
      'El barrio es normal a esta hora',
    ]);
    const phrases = found.map((t) => t.phrase);
    expect(phrases).toContain('music');
    for (const gone of ['music playlist', 'great music', 'area', 'hour', 'normal', 'age', 'correcto', 'hora'])
      expect(phrases).not.toContain(gone);
    expect(nearDuplicates(phrases)).toEqual([]);
    expect(nearDuplicates(['music', 'music playlist', 'queue', 'colas', 'cola'])).toEqual([
      ['music', 'music playlist'],
      ['colas', 'cola'],
    ]);
  });

  it("matches a comment to discovered themes by synonym, in either language, under the owner's name for it", () => {
    const vocabulary = buildVocabulary([{ phrase: 'queue' }, { phrase: 'coffee' }, { phrase: 'refund' }], {
      refund: 'Refunds',
    });
    expect(analyseComment('Esperé mucho en la cola y el cafe estaba frío', vocabulary).themes).toEqual([
      'queue',
      'coffee',
    ]);
    expect(analyseComment('We had to wait for ages', vocabulary).themes).toEqual(['queue']);
    expect(analyseComment('Got my refunds quickly', vocabulary).themes).toEqual(['Quick service', 'Refunds']);
  });
});

describe('"What went wrong?" chips as themes (#37)', () => {
  it('counts every 1–3★ chip as a theme: the quick tag it is the other side of, or its own', () => {
    const tags = defaultVocabulary();
    const themeOf = (tag: string) => ratingThemes({ tags: [tag], score: 1 }, tags);
    expect(themeOf('Slow service')).toEqual(['Quick service']);
    expect(themeOf('Unfriendly')).toEqual(['Friendly']);
    expect(themeOf('Dirty')).toEqual(['Clean store']);
    expect(themeOf('Too expensive')).toEqual(['Great value']);
    expect(themeOf('Order wrong')).toEqual(['Order wrong']);
    expect(themeOf('Out of stock')).toEqual(['Out of stock']);
    for (const tag of new Set([...STAFF_BAD_TAGS, ...EXPERIENCE_BAD_TAGS]))
      expect(themeOf(tag)).not.toEqual([]);
  });
});
