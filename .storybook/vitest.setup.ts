/**
 * Setup for the Vitest `storybook` project: the same annotations Storybook applies (preview and the a11y
 * addon, whose afterEach runs axe and fails on violations because preview sets `a11y.test: "error"`), plus
 * the screenshot comparison for stories tagged "screenshot" (see ./screenshots.ts).
 */
import * as a11yAddonAnnotations from "@storybook/addon-a11y/preview";
import { setProjectAnnotations } from "@storybook/react-vite";
import { beforeAll } from "vitest";
import preview from "./preview";
import { captureStoryScreenshots } from "./screenshots";

// Tests and screenshots see the settled UI: no entry animations or transitions (an element fading in is
// "not visible" at opacity 0, and a frame mid-animation makes screenshots flaky). Radix Presence unmounts
// at once when there is no animation.
const noMotion = document.createElement("style");
noMotion.textContent =
  "*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent; }";
document.head.appendChild(noMotion);

const annotations = setProjectAnnotations([
  a11yAddonAnnotations,
  preview,
  { afterEach: (context) => captureStoryScreenshots(context) },
]);

beforeAll(annotations.beforeAll);
