import axe from 'axe-core';
import type { Page } from '@playwright/test';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * What axe-core finds seriously wrong on the page as it is now (impact serious or critical), one line
 * per rule with the elements it names, so a failing check says what to fix. `within` (a CSS selector)
 * checks only that part of the page, such as one dialog.
 */
export async function seriousAccessibilityProblems(page: Page, within?: string): Promise<string[]> {
  // Colours are judged as drawn: a sheet still fading in reads as too faint. Endless ones (spinners) are left.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the debugger protocol: the site's CSP (rightly) refuses inline script tags.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async (context) => {
    const inPage = (
      window as unknown as { axe: { run(context?: string): Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await (context ? inPage.run(context) : inPage.run())).violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
