import type { Decorator, Preview } from "@storybook/react-vite";
import { useEffect } from "react";
import { breakpoints, darkThemeClass, lightThemeClass, vars } from "../packages/ui/src/theme";

type ThemeName = "light" | "dark";

const themeClass: Record<ThemeName, string> = { light: lightThemeClass, dark: darkThemeClass };

/**
 * Wraps every story in the chosen theme. The class goes on a wrapper div and on <body> too, so that
 * Radix portals (dialogs, menus, toasts), which render into <body>, get the same theme.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: ThemeName = context.globals.theme === "dark" ? "dark" : "light";
  const className = themeClass[theme];
  useEffect(() => {
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [className]);
  return (
    <div
      className={className}
      data-theme={theme}
      style={{ background: vars.color.background, color: vars.color.text, minHeight: "100%" }}
    >
      <Story />
    </div>
  );
};

/** The specification's breakpoints as viewport presets (toolbar, and `globals.viewport` in stories). */
const viewportOptions = Object.fromEntries(
  Object.entries(breakpoints).map(([name, width]) => [
    name,
    { name: `${name} (${width}px)`, styles: { width: `${width}px`, height: "900px" }, type: "desktop" },
  ]),
);

const preview: Preview = {
  decorators: [withTheme],
  tags: ["autodocs"],
  globalTypes: {
    theme: {
      description: "Colour theme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light", icon: "sun" },
          { value: "dark", title: "Dark", icon: "moon" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light" },
  parameters: {
    layout: "padded",
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is an accessibility test: an axe violation fails it. A story that must accept one
    // lists the rule in `parameters.a11y.config.rules` with a comment giving the reason.
    a11y: { test: "error" },
    viewport: { options: viewportOptions },
    options: {
      storySort: { order: ["Introduction", "Foundations", "Layout", "Forms", "Data", "Feedback", "*"] },
    },
  },
};

export default preview;
