import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pixelmatch from "pixelmatch";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const baselineDir = path.join(e2eDir, "__screenshots__");
const attachmentsDir = path.join(e2eDir, "..", ".vitest-attachments", "e2e");

/** Same tolerance as the Storybook screenshots: anti-aliasing noise passes, a moved or recoloured box fails. */
const THRESHOLD = 0.2;
const ALLOWED_MISMATCH_RATIO = 0.002;

/**
 * Compares the viewport with the committed baseline e2e/__screenshots__/<name>.png (pixelmatch). Volatile
 * content (ids, dates, amounts) is painted over through `mask`. A missing baseline is written on a local run
 * and fails under CI=true; to accept an intended change, delete the baseline and run again. On a mismatch
 * the actual image and the diff go to .vitest-attachments/e2e/.
 */
export async function expectScreenshot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const actual = await page.screenshot({
    mask,
    maskColor: "#8a8f98",
    animations: "disabled",
    caret: "hide",
    scale: "css",
  });
  const file = path.join(baselineDir, `${name}.png`);
  if (!existsSync(file)) {
    if (process.env.CI === "true") throw new Error(`missing screenshot baseline ${file}`);
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  const expected = PNG.sync.read(readFileSync(file));
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || expected.height !== got.height) {
    save(name, actual);
    throw new Error(
      `${name}: ${got.width}×${got.height} differs from the baseline's ${expected.width}×${expected.height}`,
    );
  }
  const diff = new PNG({ width: got.width, height: got.height });
  const mismatched = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, {
    threshold: THRESHOLD,
  });
  const ratio = mismatched / (got.width * got.height);
  if (ratio > ALLOWED_MISMATCH_RATIO) {
    save(name, actual, PNG.sync.write(diff));
    throw new Error(
      `${name}: ${mismatched} pixels (${(ratio * 100).toFixed(2)} %) differ from the baseline (see ${attachmentsDir})`,
    );
  }
}

function save(name: string, actual: Buffer, diff?: Buffer) {
  mkdirSync(attachmentsDir, { recursive: true });
  writeFileSync(path.join(attachmentsDir, `${name}-actual.png`), actual);
  if (diff) writeFileSync(path.join(attachmentsDir, `${name}-diff.png`), diff);
}
