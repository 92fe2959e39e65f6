// The demo's customer comments: a bank per score band (English and Spanish) that agrees with the score, mentions the
// recurring themes of a café chain and, in praise, names a member of the store's staff now and then.

/** A comment's mood, from its star score: 1–2 negative, 3 mixed or neutral, 4–5 positive. */
export type DemoBand = 'negative' | 'neutral' | 'positive';
export type DemoLanguage = 'en' | 'es';

export function bandOf(score: number): DemoBand {
  return score <= 2 ? 'negative' : score === 3 ? 'neutral' : 'positive';
}

/** Praise that names a person; `{name}` is a first name of someone at the store. */
const NAMED_PRAISE: Record<DemoLanguage, readonly string[]> = {
  en: [
    '{name} was so friendly and made my morning!',
    '{name} made the best flat white I have had in ages. Thank you!',
    'Huge thanks to {name}, really helpful with my order.',
    '{name} remembered my usual order, lovely touch.',
    '{name} was brilliant, quick and friendly even with a long queue.',
    'Shout out to {name} for the great coffee and a warm welcome.',
    '{name} explained the beans and gave great advice. Excellent service.',
    'Thanks {name}, super helpful and always smiling.',
  ],
  es: [
    '{name} fue muy amable, ¡gracias!',
    '¡Gracias a {name}, un café buenísimo y un trato excelente!',
    '{name} nos ayudó muchísimo, muy atenta y simpática.',
    '{name} siempre tan amable, da gusto venir.',
  ],
};

/** Comments per band and language. Themes recur on purpose: queue, coffee, prices, cleanliness, music, food, staff. */
const BANK: Record<DemoBand, Record<DemoLanguage, readonly string[]>> = {
  positive: {
    en: [
      'Lovely coffee and really friendly staff.',
      'Great coffee, quick service, no queue at all this morning.',
      'Best flat white in the area, and fair prices too.',
      'Spotless store and a lovely atmosphere. Will be back!',
      'Really helpful team, sorted my order in no time.',
      'Great value for money and the croissants are amazing.',
      'Friendly staff and great music, perfect place to work for an hour.',
      'Quick service even at lunchtime, very impressed.',
      'The coffee was hot and delicious, thank you!',
      'Always clean and tidy, and the staff are so welcoming.',
      'Excellent cappuccino and the cake was perfect.',
      'Love the new music playlist, great vibe.',
      'Fast, friendly and the prices are good.',
      'Really nice place, lovely staff.',
      'Great service as always!',
    ],
    es: [
      'Café riquísimo y personal muy amable.',
      'Muy buen servicio, rápido y simpático.',
      'Todo muy limpio y la música genial.',
      'Buenos precios y un café excelente.',
      'Me encanta este sitio, el personal es encantador.',
      'La tarta estaba deliciosa y el café perfecto.',
      'Atención excelente, muy recomendable.',
    ],
  },
  neutral: {
    en: [
      'It was okay.',
      'Coffee was fine, nothing special.',
      'Average visit. The queue moved eventually.',
      'Decent coffee but a bit pricey.',
      'Staff were nice but the music was too loud.',
      'The place was busy, service was ok.',
      'Not bad, not great.',
      'A coffee on the way to work, it does the job.',
      'Good coffee but the tables were a bit sticky.',
      'Ok service, prices have gone up.',
    ],
    es: [
      'Normal, nada especial.',
      'El café, normal, sin más.',
      'Correcto, aunque había bastante cola.',
      'Está bien, pero un poco caro.',
    ],
  },
  negative: {
    en: [
      'Waited 20 minutes in the queue, far too slow.',
      'My coffee was cold and nobody seemed to care.',
      'Staff were rude and unhelpful today.',
      'Tables were dirty and the bins were overflowing.',
      'Way too expensive for what you get. Poor value.',
      'The music was so loud we could not hear each other. Awful.',
      'Long queue, only one person serving, very frustrating.',
      'Latte was lukewarm and tasted burnt. Disappointed.',
      'Sold out of croissants again, really disappointing.',
      'Terrible service, got the wrong order twice.',
      'Toilets were filthy. Not good enough.',
      'Overpriced and slow. Will not be back.',
      'Cold coffee again, not happy.',
      'Cold coffee and a long wait, poor.',
    ],
    es: [
      'Esperé veinte minutos en la cola, muy lento.',
      'El café estaba frío, una pena.',
      'Café frío otra vez, qué decepción.',
      'Personal muy borde y maleducado.',
      'Todo sucio, las mesas y el baño. Fatal.',
      'Carísimo para lo que es, no vuelvo.',
      'Servicio pésimo, se equivocaron con mi pedido.',
    ],
  },
};

/** Every comment the demo can write for a band and language (named praise included): the tests check each one. */
export function demoCommentBank(band: DemoBand, language: DemoLanguage): readonly string[] {
  return band === 'positive' ? [...BANK.positive[language], ...NAMED_PRAISE[language]] : BANK[band][language];
}

export interface DemoCommentOptions {
  score: number;
  /** Share of this store's comments written in Spanish. */
  spanishShare: number;
  /** First names to praise: the rated person, or whoever was on shift for an experience rating. */
  names: readonly string[];
}

/** Share of ratings that carry a comment (most customers only tap a score), and of praise that names someone. */
export const COMMENT_SHARE = 0.35;
export const NAMED_SHARE = 0.35;

/** A comment for one rating, or '' when this customer left none; `rand` is the seed's deterministic generator. */
export function demoComment(rand: () => number, options: DemoCommentOptions): string {
  if (rand() >= COMMENT_SHARE) return '';
  const language: DemoLanguage = rand() < options.spanishShare ? 'es' : 'en';
  const band = bandOf(options.score);
  const pick = (items: readonly string[]) => items[Math.floor(rand() * items.length)] ?? '';
  if (band === 'positive' && options.names.length > 0 && rand() < NAMED_SHARE) {
    return pick(NAMED_PRAISE[language]).replace('{name}', pick(options.names));
  }
  return pick(BANK[band][language]);
}

/** The first name a customer would use ("Jack O’Connor" → "Jack"). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/u)[0] ?? fullName;
}
