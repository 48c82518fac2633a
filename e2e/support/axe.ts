import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Waits for every finite animation and transition on the page to end: a dialog that is still fading in is
 * half-transparent, and axe measures its text against the page behind it (a colour-contrast finding that a
 * person, who sees the dialog a moment later, never meets). Endless ones (spinners) are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
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

/**
 * WCAG 2.2 AA violations on the page, one line each ("rule: selectors"); journeys expect none.
 *
 * axe-core is put into each frame once per document and run there directly. (`@axe-core/playwright`'s
 * AxeBuilder re-injects it on every call and finishes each analysis in a new blank page: ~0.8 s a call against
 * ~0.12 s here, measured on the social screens' 54 checks — 66 s for that file before, 33 s after.)
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window).catch(() => true))) await frame.evaluate(axeSource);
  }
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, WCAG_22_AA);
}
