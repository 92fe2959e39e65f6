import { performance } from 'node:perf_hooks';
import { languageOf, sentimentOf, themesOf, buildVocabulary, discoverThemes } from '../src/modules/insight';
import { detectAll } from 'tinyld';
import data from './data/comments.labelled.json';
const v = buildVocabulary(discoverThemes(data.map((c) => c.text)));
const texts = data.map((c) => c.text);
function time(name: string, f: (t: string) => unknown) {
  const ts: number[] = [];
  for (let r = 0; r < 5; r++) for (const t of texts) { const s = performance.now(); f(t); ts.push(performance.now() - s); }
  ts.sort((a, b) => a - b);
  console.log(name, 'p50', ts[Math.floor(ts.length * 0.5)]?.toFixed(3), 'p95', ts[Math.floor(ts.length * 0.95)]?.toFixed(3));
}
time('tinyld', (t) => detectAll(t, { only: ['en', 'es'] }));
time('language', (t) => languageOf(t));
time('sentiment', (t) => sentimentOf(t, 'en'));
time('themes', (t) => themesOf(t, v));
