// axe-core in the journeys: every screen and dialog checked for serious or critical accessibility violations.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Violations of impact serious or critical on the page as it is now (axe runs through CDP, so a strict CSP allows it). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Throws, naming each rule and the elements, when axe finds a serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const found = await seriousA11yViolations(page);
  if (!found.length) return;
  const lines = found.map(
    (v) => `  - [${v.impact}] ${v.id}: ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
  );
  throw new Error(
    `axe found ${found.length} serious/critical violation(s) on ${label}:\n${lines.join('\n')}`,
  );
}
