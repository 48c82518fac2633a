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

const annotations = setProjectAnnotations([
  a11yAddonAnnotations,
  preview,
  { afterEach: (context) => captureStoryScreenshots(context) },
]);

beforeAll(annotations.beforeAll);
