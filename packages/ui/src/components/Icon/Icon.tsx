import type { ReactElement, SVGProps } from "react";

/** The small set of line icons the shell and feedback components use (16×16 grid, currentColor). */
const paths = {
  menu: <path d="M2.5 4h11M2.5 8h11M2.5 12h11" />,
  close: <path d="M4 4l8 8M12 4l-8 8" />,
  bell: (
    <>
      <path d="M4 11V7a4 4 0 0 1 8 0v4l1.2 1.5H2.8L4 11Z" />
      <path d="M6.5 14a1.6 1.6 0 0 0 3 0" />
    </>
  ),
  check: <path d="M3 8.5l3.2 3L13 4.5" />,
  checkCircle: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M5 8.3l2 2 4-4.3" />
    </>
  ),
  errorCircle: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M5.7 5.7l4.6 4.6M10.3 5.7l-4.6 4.6" />
    </>
  ),
  warning: (
    <>
      <path d="M8 1.8 15 14H1L8 1.8Z" />
      <path d="M8 6.3v3.4M8 11.6v.4" />
    </>
  ),
  info: (
    <>
      <circle cx="8" cy="8" r="6.5" />
      <path d="M8 7.2v4M8 4.6v.4" />
    </>
  ),
  chevronDown: <path d="M4 6l4 4 4-4" />,
  chevronRight: <path d="M6 4l4 4-4 4" />,
  user: (
    <>
      <circle cx="8" cy="5.5" r="2.8" />
      <path d="M2.8 14a5.2 5.2 0 0 1 10.4 0" />
    </>
  ),
  settings: (
    <>
      <circle cx="8" cy="8" r="2.2" />
      <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
    </>
  ),
  logout: (
    <>
      <path d="M6 2.5H3v11h3" />
      <path d="M10 5l3 3-3 3M13 8H6" />
    </>
  ),
  inbox: (
    <>
      <path d="M2 9l2-6h8l2 6v4H2V9Z" />
      <path d="M2 9h3.5l1 1.5h3l1-1.5H14" />
    </>
  ),
  search: (
    <>
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5 14 14" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof paths;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "name"> {
  name: IconName;
  /** Pixel size (width and height). */
  size?: number;
  /**
   * Accessible name. Without it the icon is decorative and hidden from assistive technology, which is
   * right whenever visible text or the parent's label already says what it means.
   */
  label?: string;
}

export function Icon({ name, size = 16, label, ...rest }: IconProps) {
  const common = {
    viewBox: "0 0 16 16",
    width: size,
    height: size,
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.6,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    focusable: "false" as const,
    ...rest,
  };
  if (label) {
    return (
      <svg role="img" aria-label={label} {...common}>
        <title>{label}</title>
        {paths[name]}
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" {...common}>
      {paths[name]}
    </svg>
  );
}

export const iconNames = Object.keys(paths) as IconName[];
