import { darkThemeClass } from "@herald/ui/theme";
import { useSyncExternalStore } from "react";

/** The colour theme the user chose in the avatar menu: follow the system, or always light or dark. */
export type ThemePreference = "system" | "light" | "dark";
export const THEME_KEY = "herald.theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

const systemDark = () => typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;

/** The theme in effect for a preference. */
export const resolveTheme = (preference: ThemePreference, prefersDark: boolean): "light" | "dark" =>
  preference === "system" ? (prefersDark ? "dark" : "light") : preference;

/**
 * Puts the theme on <html> (the dark theme's class re-assigns the design system's variables; Radix portals
 * render inside <body>, so they follow) and tells the browser, for scrollbars and form controls.
 */
export function applyTheme(preference = readThemePreference()): "light" | "dark" {
  const theme = resolveTheme(preference, systemDark());
  const root = document.documentElement;
  root.classList.toggle(darkThemeClass, theme === "dark");
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  return theme;
}

export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, preference);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
  applyTheme(preference);
  for (const l of listeners) l();
}

/**
 * Applies the stored preference now (main.tsx calls this before the first render, so a dark page never
 * flashes light) and keeps it applied when the system theme or another tab's choice changes.
 */
export function startTheme() {
  applyTheme();
  window.matchMedia?.(DARK_QUERY).addEventListener("change", () => applyTheme());
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    applyTheme();
    for (const l of listeners) l();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The stored preference and its setter, for the avatar menu. */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readThemePreference, () => "system" as const);
  return [preference, setThemePreference];
}
