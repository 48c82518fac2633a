/**
 * Visual regression for key stories, run only by the Vitest `storybook` project (never in the Storybook UI).
 *
 * A story opts in with the tag "screenshot":
 *
 *   export const Default: Story = { tags: ["screenshot"] };
 *
 * After the story has rendered, its play function has run and axe has passed, the story is captured at
 * each width in SCREENSHOT_WIDTHS and compared with the committed baseline
 * packages/ui/__screenshots__/<story-id>-<width>-chromium.png (pixelmatch with a small tolerance, so
 * anti-aliasing noise does not fail a run). `parameters.screenshot` tunes one story:
 *   { target: "page" }   capture the whole viewport (for dialogs and panels rendered in a portal)
 *   { widths: [420] }    capture only these widths
 *   { disable: true }    skip (e.g. a story that inherits the tag from its meta)
 *
 * Update the baselines after an intended visual change:  npx vitest run --project storybook -u
 * (a missing baseline is written on a local run; under CI=true a missing baseline fails the test).
 */
import type { StoryContext } from "@storybook/react-vite";
import { expect } from "vitest";
import { page } from "vitest/browser";

export const SCREENSHOT_WIDTHS = [420, 768, 1540] as const;
const SCREENSHOT_HEIGHT = 900;
/** The viewport the story tests use between screenshots (Storybook's Vitest default). */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 };

export interface ScreenshotParameters {
  target?: "canvas" | "page";
  widths?: readonly number[];
  disable?: boolean;
}

const settle = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export async function captureStoryScreenshots(context: StoryContext): Promise<void> {
  if (!context.tags.includes("screenshot")) return;
  const options = (context.parameters.screenshot ?? {}) as ScreenshotParameters;
  if (options.disable) return;
  const widths = options.widths ?? SCREENSHOT_WIDTHS;
  const element = options.target === "page" ? document.documentElement : context.canvasElement;
  try {
    for (const width of widths) {
      await page.viewport(width, SCREENSHOT_HEIGHT);
      await document.fonts.ready;
      await settle();
      await expect.soft(page.elementLocator(element)).toMatchScreenshot(`${context.id}--${width}`, {
        comparatorName: "pixelmatch",
        comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 },
      });
    }
  } finally {
    await page.viewport(DEFAULT_VIEWPORT.width, DEFAULT_VIEWPORT.height);
  }
}
