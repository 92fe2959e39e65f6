// Spanish additions to the translated AFINN list for shop and café comments: corrections where the machine
// translation is wrong for reviews (e.g. "caro" = expensive, not "dear"), service, food and price words, idioms.
import type { LanguageRules } from './lexicon';

const WORDS: Record<string, number> = {
  // overall
  bien: 2,
  mal: -2,
  malo: -2,
  buen: 2,
  bueno: 2,
  estupendo: 3,
  espectacular: 3,
  maravilla: 3,
  genial: 3,
  perfecto: 3,
  excelente: 3,
  increíble: 3,
  horrible: -3,
  fatal: -3,
  pésimo: -3,
  desastre: -3,
  caos: -2,
  encanta: 3,
  encantó: 3,
  encantador: 3,
  encanto: 3,
  gusta: 2,
  gustó: 2,
  recomiendo: 2,
  recomendable: 2,
  volveré: 2,
  vuelvo: 1,
  contento: 2,
  agradecido: 2,
  gracias: 2,
  grasias: 2,
  decepcionado: -2,
  decepción: -2,
  mejorado: 2,
  empeorado: -2,
  odio: -3,
  queja: -2,
  problema: -1,
  ignorado: -2,
  equivocaron: -2,
  discutir: -2,
  imposible: -2,
  saludó: 1,
  saludar: 1,
  encontrar: 1,
  encontré: 1,
  encontraba: 1,
  tranquilo: 1,
  regular: 0,
  normal: 0,
  especial: 1,
  crack: 3,
  // people
  amable: 2,
  majo: 2,
  simpático: 2,
  atento: 2,
  agradable: 2,
  borde: -2,
  maleducado: -3,
  grosero: -3,
  desagradable: -2,
  paciencia: 2,
  sonrisa: 2,
  atender: 2,
  atendió: 2,
  atendieron: 2,
  ayudó: 2,
  ayudaron: 2,
  ayudar: 1,
  eficaz: 2,
  trato: 0,
  // speed and waiting
  rápido: 2,
  lento: -2,
  tardaron: -1,
  tardar: -1,
  tarde: 0,
  esperé: -1,
  esperar: -1,
  espera: -1,
  // food and drink
  rico: 2,
  sabroso: 2,
  delicioso: 3,
  frío: -1,
  aguado: -2,
  quemado: -2,
  seco: -2,
  duro: -2,
  fresco: 2,
  // price and place
  caro: -2,
  barato: 1,
  oferta: 1,
  ahorré: 1,
  limpio: 2,
  sucio: -2,
  ordenado: 1,
  desordenado: -2,
  vacío: -2,
  olía: -1,
  altísimo: -1,
  cobraron: -1,
};

const PHRASES: Record<string, number> = {
  'nunca más': -3,
  'no vuelvo': -3,
  'no volveré': -3,
  'mejor imposible': 4,
  'peor imposible': -4,
  'de maravilla': 3,
  'un diez': 3,
  'un 10': 3,
  'un cero': -3,
  'ni idea': -2,
  'pasaban de': -2,
  'de malas maneras': -3,
  'está bien': 1,
  'un crack': 3,
  'lo peor': -3,
  'lo mejor': 3,
  'de lo mejor': 3,
  'de más': -2,
  'un montón': 0,
  'sin problemas': 2,
  'relación calidad precio': 1,
  'se equivocaron': -2,
  'calidad precio': 1,
  'sin ganas': -2,
  'no tenían': -2,
  'no encontraba': -2,
  'tuve que esperar': -2,
};

const NEGATORS = [
  'no',
  'nunca',
  'jamás',
  'ni',
  'sin',
  'nada',
  'nadie',
  'ningún',
  'ninguno',
  'ninguna',
  'tampoco',
];

const BOOSTERS: Record<string, number> = {
  muy: 0.5,
  súper: 0.5,
  super: 0.5,
  tan: 0.4,
  bastante: 0.2,
  totalmente: 0.4,
  realmente: 0.4,
  siempre: 0.1,
  qué: 0.3,
  poco: -0.5,
  algo: -0.3,
};

/** Spanish inflection fallbacks: plural and gender ("amables" → amable, "atenta" → atento), superlatives. */
function spanishVariants(w: string): string[] {
  const out: string[] = [];
  const sup = /^(.+?)ísim[oa]s?$/u.exec(w);
  if (sup?.[1]) {
    const stem = sup[1].replace(/qu$/u, 'c').replace(/gu$/u, 'g');
    out.push(`${stem}o`, `${stem}e`, stem);
  }
  if (w.endsWith('es') && w.length > 4) out.push(w.slice(0, -2));
  if (w.endsWith('s') && w.length > 3) out.push(w.slice(0, -1));
  const single = w.endsWith('s') ? w.slice(0, -1) : w;
  if (single.endsWith('a')) out.push(`${single.slice(0, -1)}o`);
  return out;
}

export const SPANISH: LanguageRules = {
  words: WORDS,
  phrases: PHRASES,
  negators: NEGATORS,
  isNegator: () => false,
  boosters: BOOSTERS,
  excess: ['demasiado', 'demasiada', 'demasiados', 'demasiadas'],
  contrast: ['pero', 'embargo'],
  variants: spanishVariants,
};

/** Superlatives carry their own intensity ("lentísimos" = very slow). */
export function isSpanishSuperlative(w: string): boolean {
  return /ísim[oa]s?$/u.test(w);
}
