// The customer catalog: language from the browser, English fallback, every key translated, {params} filled in.
import { en, es } from './messages';
import { pickLanguage, translator } from './use-t';

describe('customer strings', () => {
  it('chooses the first supported browser language by its primary subtag', () => {
    expect(pickLanguage(['es-MX', 'en-US'])).toBe('es');
    expect(pickLanguage(['de-DE', 'en-GB'])).toBe('en');
    expect(pickLanguage(['fr-FR'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('has every English string in Spanish too, and different where it should be', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    expect(es['submit.send']).not.toBe(en['submit.send']);
  });

  it('fills in parameters', () => {
    expect(translator('en')('rateStaff.question', { name: 'Amelia' })).toBe('How was Amelia today?');
    expect(translator('es')('thanks.countdown', { n: 7 })).toBe(
      'Volvemos a empezar para el siguiente cliente en 7 s',
    );
  });

  it('uses the route titles of the spec in English', () => {
    expect([
      en['title.rateStaff'],
      en['title.rateExperience'],
      en['title.social'],
      en['title.thanks'],
    ]).toEqual(['Rate our staff', 'Rate your experience', 'Visit us on social media', 'Thank you']);
  });
});
