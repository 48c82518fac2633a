import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * Waits for every finite animation and transition on the page to end: a dialog that is still fading in is
 * half-transparent, and axe measures its text against the page behind it (a colour-contrast finding that a
 * person, who sees the dialog a moment later, never meets). Endless ones (spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => {
      const timing = a.effect?.getComputedTiming();
      return timing !== undefined && Number.isFinite(timing.endTime as number);
    });
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** WCAG 2.2 AA violations on the page, one line each ("rule: selectors"); journeys expect none. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
