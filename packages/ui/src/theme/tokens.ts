/** Raw design tokens. Components never use these directly: they use `vars` from the theme contract. */
export const breakpoints = { xs: 420, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1540 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** Media query for "this breakpoint and wider". */
export const mediaUp = (bp: Breakpoint) => `screen and (min-width: ${breakpoints[bp]}px)`;
/** Media query for "narrower than this breakpoint". */
export const mediaDown = (bp: Breakpoint) => `screen and (max-width: ${breakpoints[bp] - 0.02}px)`;

export const palette = {
  blue50: "#eef4ff",
  blue100: "#d9e6ff",
  blue500: "#2f6bff",
  blue600: "#1f57e0",
  blue700: "#1746b8",
  green50: "#e8f7ef",
  green600: "#1a7f4b",
  green700: "#14663c",
  red50: "#fdecec",
  red600: "#c62828",
  red700: "#a51f1f",
  amber50: "#fff6e0",
  amber600: "#a86200",
  amber700: "#8a5000",
  cyan50: "#e6f6fa",
  cyan700: "#0b6a80",
  gray0: "#ffffff",
  gray50: "#f6f7f9",
  gray100: "#eceef2",
  gray200: "#dcdfe5",
  gray300: "#c4c9d2",
  gray500: "#6b7280",
  gray600: "#545b66",
  gray700: "#3d434c",
  gray800: "#262a31",
  gray850: "#1d2026",
  gray900: "#14161a",
  gray950: "#0d0f12",
} as const;

export const space = {
  "0": "0",
  "1": "4px",
  "2": "8px",
  "3": "12px",
  "4": "16px",
  "5": "20px",
  "6": "24px",
  "8": "32px",
  "10": "40px",
  "12": "48px",
} as const;

export const fontSize = {
  xs: "12px",
  sm: "13px",
  md: "14px",
  lg: "16px",
  xl: "20px",
  xxl: "28px",
} as const;
