// Guards the split: the lean customer entry must never import dashboard or app-shell code (QR pages stay light).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(spec: string, fromFile: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(srcDir, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext)]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`Cannot resolve ${spec} from ${fromFile}`);
}

/** Every local module reachable through static imports (dynamic imports are separate chunks by design). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT_RE)) {
      if (match[2]) continue;
      const resolved = resolveLocal(match[1]!, file);
      if (resolved) queue.push(resolved);
    }
  }
  return seen;
}

const relative = (files: Iterable<string>) => [...files].map((file) => path.relative(srcDir, file));

describe('lean customer entry (customer.html)', () => {
  it('reaches only the customer feature, its config and the kiosk and preview flags: no app shell, dashboard or account code', () => {
    const graph = relative(staticGraph(path.join(srcDir, 'customer-main.tsx')));
    expect(graph).toContain('features/customer/routes/RateStaffPage.tsx');
    const allowed =
      /^(customer-main\.tsx|features\/customer\/|config\/(paths|env)\.ts$|lib\/(kiosk|preview|image-sources)\.ts$)/;
    expect(graph.filter((file) => !allowed.test(file))).toEqual([]);
  });

  it('is a page of its own, not a route of the dashboard SPA', () => {
    const html = fs.readFileSync(path.join(srcDir, '..', 'customer.html'), 'utf8');
    expect(html).toMatch(/<script type="module" src="\/src\/customer-main\.tsx"><\/script>/);
    const router = fs.readFileSync(path.join(srcDir, 'app/router.tsx'), 'utf8');
    expect(router).not.toMatch(/features\/customer/);
  });
});
