// English additions to AFINN-165 for shop and café comments: service-speed, food, price and cleanliness words
// AFINN lacks or scores for general text, review idioms, common misspellings, and the negation/intensity words.
import type { LanguageRules } from './lexicon';

/** Valences (-5…5) that override or extend AFINN-165 for this domain. */
const WORDS: Record<string, number> = {
  // speed and waiting
  slow: -2, slowly: -1, sluggish: -2, quick: 2, quickly: 1, fast: 2, speedy: 2, prompt: 2, efficient: 2,
  waited: -1, waiting: -1, ages: -1, forever: -1, understaffed: -2, rushed: -1, chaotic: -2, chaos: -2,
  // food and drink
  cold: -1, lukewarm: -2, stale: -2, soggy: -2, burnt: -2, burned: -1, watery: -2, weak: -1, bland: -2, dry: -1,
  greasy: -2, tasty: 3, yummy: 3, fresh: 2, hot: 1, strong: 1, mess: -2, messy: -2,
  // price
  overpriced: -3, pricey: -1, expensive: -1, cheap: 1, affordable: 2, reasonable: 2, deals: 1, saved: 1,
  overcharged: -3, 'rip-off': -3,
  // people and place
  unhelpful: -2, unfriendly: -2, unwelcome: -2, clueless: -2, dismissive: -2, attentive: 2, patient: 2,
  welcoming: 2, knowledgeable: 2, knowledgable: 2, tidy: 2, spotless: 3, sticky: -1, filthy: -3, smelled: -1,
  friendliest: 2, star: 2, fab: 3, brilliant: 4, superb: 4, pleasure: 3, pleasant: 2, smooth: 1, organised: 2,
  broken: -2, mislabelled: -2, letdown: -2, downhill: -2, nightmare: -3, unacceptable: -3, disgraceful: -3,
  annoyed: -2, uncomfortable: -2, abandoned: -2, stressful: -2, fuss: -2, sorted: 2, appreciated: 2,
  empty: -1, loud: -1, freezing: -1, nice: 2, lovely: 3, enjoy: 2, enjoyed: 2, care: 1, thx: 2,
  // mild words AFINN scores too strongly for a "neutral" comment
  broke: -2, argued: -2, closed: -1, issue: -1, issues: -1, exceeded: 2, find: 1, found: 1,
  fine: 1, ok: 0.5, okay: 0.5, meh: -0.5, average: 0, decent: 1, pretty: 0, special: 1,
  // frequent misspellings
  awsome: 4, realy: 0, recomend: 2, excelent: 3, definately: 0, dissapointed: -2, dissapointing: -2,
};

/** Multi-word expressions: idioms whose meaning is not the sum of their words. */
const PHRASES: Record<string, number> = {
  'took forever': -3, 'never again': -3, "won't be back": -3, 'will be back': 2, 'coming back': 2,
  'come again': 2, 'come back': 1, "couldn't be happier": 4, "couldn't be better": 4, "couldn't be worse": -4,
  "can't fault": 3, "can't fault it": 3, 'no complaints': 2, 'no idea': -2, 'had better': -2, 'top notch': 3,
  'above and beyond': 3, 'nothing to write home about': -1, 'expecting more': -2, 'zero stars': -3, '0 stars': -3,
  'one star': -3, '1 star': -3, '5 stars': 3, 'five stars': 3, '10 stars': 3, "dont bother": -2,
  "don't bother": -2, 'hit the spot': 3, 'bait and switch': -3, 'a joke': -2, 'thank you': 2, 'made my day': 3, 'snail\'s pace': -3, 'gone downhill': -3, 'nothing was too much trouble': 3,
  'to be honest': 0, 'to be fair': 0, 'tbh': 0, 'good to know': 1, 'out the door': -2, 'had to wait': -2,
  "couldn't find": -2, "can't find": -2, 'sold out': -2, 'out of stock': -2, 'short with me': -2,
  'on her phone': -2, 'on his phone': -2, 'on their phone': -2, 'the only good thing': -2, 'a hair in': -3,
  'exceeded my expectations': 3,
};

const NEGATORS = [
  'not', 'no', 'never', 'nothing', 'nobody', 'none', 'neither', 'nor', 'without', 'hardly', 'barely', 'cannot',
  'dont', 'didnt', 'doesnt', 'wasnt', 'werent', 'isnt', 'arent', 'wont', 'cant', 'couldnt', 'wouldnt', 'shouldnt',
  'havent', 'hasnt',
];

/** Words that scale the next sentiment word: positive boost, negative dampen. */
const BOOSTERS: Record<string, number> = {
  very: 0.5, really: 0.4, so: 0.4, super: 0.5, extremely: 0.6, incredibly: 0.6, absolutely: 0.5, totally: 0.4,
  truly: 0.4, such: 0.3, quite: 0.2, pretty: 0.2, way: 0.3, painfully: 0.5, always: 0.1, most: 0.3,
  slightly: -0.5, somewhat: -0.4, bit: -0.4, little: -0.3,
};

export const ENGLISH: LanguageRules = {
  words: WORDS,
  phrases: PHRASES,
  negators: NEGATORS,
  isNegator: (w) => w.endsWith("n't"),
  boosters: BOOSTERS,
  excess: ['too'],
  contrast: ['but', 'however', 'yet'],
  variants: (w) => {
    const out: string[] = [];
    if (w.endsWith("'s")) out.push(w.slice(0, -2));
    if (w.length > 4 && w.endsWith('s')) out.push(w.slice(0, -1));
    return out;
  },
};
