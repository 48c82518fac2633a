import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { ReactNode } from "react";
import * as s from "./ChannelIcon.css";

/** The social channel types, exactly as the API names them. */
export const SOCIAL_CHANNEL_TYPES = [
  "LINE",
  "FACEBOOK MESSENGER",
  "TELEGRAM",
  "SLACK",
  "WECHAT",
  "MICROSOFT TEAMS",
  "WHATSAPP",
  "WEBEX TEAMS",
  "WECOM",
  "LINE NOTIFY",
  "VIBER",
  "INSTAGRAM",
  "LARK",
] as const;
/** Social channels plus the compose channels SMS and EMAIL. */
export const CHANNEL_TYPES = [...SOCIAL_CHANNEL_TYPES, "SMS", "EMAIL"] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

const W = "#fff";
const mark = (text: string, fontSize = 11): ReactNode => (
  <text
    x="12"
    y="12.5"
    fill={W}
    fontSize={fontSize}
    fontWeight="700"
    fontFamily="system-ui, sans-serif"
    textAnchor="middle"
    dominantBaseline="middle"
  >
    {text}
  </text>
);

interface ChannelLook {
  label: string;
  color: string;
  glyph: ReactNode;
}

const bubble = (
  <path
    d="M12 5.5c-3.9 0-7 2.6-7 5.9 0 1.9 1 3.5 2.6 4.6l-.5 2.5 2.7-1.5c.7.2 1.4.3 2.2.3 3.9 0 7-2.6 7-5.9S15.9 5.5 12 5.5Z"
    fill={W}
  />
);

/** Brand-ish colours (dark enough for white marks) and simple glyphs or letter marks. */
const looks: Record<ChannelType, ChannelLook> = {
  LINE: { label: "LINE", color: "#05863d", glyph: mark("LINE", 6.5) },
  "FACEBOOK MESSENGER": {
    label: "Facebook Messenger",
    color: "#0866ff",
    glyph: (
      <>
        {bubble}
        <path d="m8.6 13.4 2.4-2.6 1.7 1.3 2.7-1.5-2.4 2.6-1.7-1.3z" fill="#0866ff" />
      </>
    ),
  },
  TELEGRAM: {
    label: "Telegram",
    color: "#1b7fb8",
    glyph: (
      <path
        d="m5.5 11.6 11.8-4.6c.5-.2 1 .2.8.8l-2 9.4c-.1.6-.8.8-1.2.4l-3-2.3-1.5 1.5c-.2.2-.5.1-.5-.2l.2-2.4 5.2-4.8-6.5 4-2.9-1c-.6-.2-.6-.6-.4-.8Z"
        fill={W}
      />
    ),
  },
  SLACK: { label: "Slack", color: "#4a154b", glyph: mark("#", 14) },
  WECHAT: {
    label: "WeChat",
    color: "#078a43",
    glyph: (
      <>
        <ellipse cx="10" cy="10.5" rx="5" ry="4" fill={W} />
        <ellipse cx="14.5" cy="14" rx="4.2" ry="3.4" fill={W} stroke="#078a43" strokeWidth="1" />
      </>
    ),
  },
  "MICROSOFT TEAMS": { label: "Microsoft Teams", color: "#4b53bc", glyph: mark("T", 13) },
  WHATSAPP: {
    label: "WhatsApp",
    color: "#128045",
    glyph: (
      <>
        <path
          d="M12 5a7 7 0 0 0-6 10.6L5 19l3.5-1A7 7 0 1 0 12 5Z"
          fill="none"
          stroke={W}
          strokeWidth="1.6"
        />
        <path
          d="M9.6 9.2c.3-.3.7-.2.8.1l.5 1.2c.1.2 0 .5-.2.6l-.4.4c.5 1 1.3 1.8 2.3 2.3l.4-.4c.2-.2.4-.3.6-.2l1.2.5c.3.1.4.5.1.8-.6.7-1.5.9-2.3.5a7 7 0 0 1-3.4-3.4c-.4-.9-.2-1.8.4-2.4Z"
          fill={W}
        />
      </>
    ),
  },
  "WEBEX TEAMS": { label: "Webex Teams", color: "#00607f", glyph: mark("Wx", 10) },
  WECOM: { label: "WeCom", color: "#1f64c6", glyph: mark("WC", 9.5) },
  "LINE NOTIFY": {
    label: "LINE Notify",
    color: "#05863d",
    glyph: (
      <>
        <path d="M8 15.5V11a4 4 0 0 1 8 0v4.5l1.2 1.3H6.8Z" fill={W} />
        <path d="M10.6 18a1.5 1.5 0 0 0 2.8 0" stroke={W} strokeWidth="1.4" fill="none" />
      </>
    ),
  },
  VIBER: { label: "Viber", color: "#6a4fd6", glyph: mark("V", 13) },
  INSTAGRAM: {
    label: "Instagram",
    color: "#b0306f",
    glyph: (
      <>
        <rect x="6" y="6" width="12" height="12" rx="3.5" fill="none" stroke={W} strokeWidth="1.6" />
        <circle cx="12" cy="12" r="2.8" fill="none" stroke={W} strokeWidth="1.6" />
        <circle cx="15.4" cy="8.6" r=".9" fill={W} />
      </>
    ),
  },
  LARK: { label: "Lark", color: "#2457d6", glyph: mark("Lk", 10) },
  SMS: {
    label: "SMS",
    color: "#3d434c",
    glyph: (
      <>
        {bubble}
        <circle cx="9.2" cy="11.4" r="1" fill="#3d434c" />
        <circle cx="12" cy="11.4" r="1" fill="#3d434c" />
        <circle cx="14.8" cy="11.4" r="1" fill="#3d434c" />
      </>
    ),
  },
  EMAIL: {
    label: "Email",
    color: "#545b66",
    glyph: (
      <>
        <rect x="5.5" y="7.5" width="13" height="9" rx="1.5" fill="none" stroke={W} strokeWidth="1.6" />
        <path d="m6 8.5 6 4.5 6-4.5" fill="none" stroke={W} strokeWidth="1.6" />
      </>
    ),
  },
};

const unknownLook = (type: string): ChannelLook => ({
  label: type.trim() === "" ? "Unknown channel" : type,
  color: "#6b7280",
  glyph: bubble,
});

/** Normalises a channel type ("whatsapp", " WhatsApp ") to one of CHANNEL_TYPES, or null when unknown. */
export function toChannelType(type: string | null | undefined): ChannelType | null {
  const upper = (type ?? "").trim().toUpperCase();
  return (CHANNEL_TYPES as readonly string[]).includes(upper) ? (upper as ChannelType) : null;
}

/** Human name of a channel type: "FACEBOOK MESSENGER" -> "Facebook Messenger"; unknown types as given. */
export function channelLabel(type: string | null | undefined): string {
  const known = toChannelType(type);
  return known ? looks[known].label : unknownLook(type ?? "").label;
}

export interface ChannelIconProps {
  /** Channel type as the API sends it, e.g. "WHATSAPP" or "FACEBOOK MESSENGER". Unknown types get a generic icon. */
  type: string | null | undefined;
  /** Pixel size (default 24). */
  size?: number;
  /** Accessible name; defaults to the channel's name. */
  title?: string;
  /** Hide from assistive technology when the channel's name is already shown as text next to it. */
  decorative?: boolean;
  className?: string;
}

/** A channel's icon: a brand-coloured tile with a simple glyph or letter mark. */
export function ChannelIcon({ type, size = 24, title, decorative = false, className }: ChannelIconProps) {
  const known = toChannelType(type);
  const look = known ? looks[known] : unknownLook(type ?? "");
  const name = title ?? look.label;
  const common = {
    viewBox: "0 0 24 24",
    className: className ? `${s.icon} ${className}` : s.icon,
    style: assignInlineVars({ [s.brand]: look.color, [s.size]: `${size}px` }),
    focusable: "false" as const,
    "data-channel": known ?? "UNKNOWN",
  };
  const drawing = (
    <>
      <rect className={s.tile} width="24" height="24" rx="6" />
      {look.glyph}
    </>
  );
  if (decorative) {
    return (
      <svg aria-hidden="true" {...common}>
        {drawing}
      </svg>
    );
  }
  return (
    <svg role="img" aria-label={name} {...common}>
      <title>{name}</title>
      {drawing}
    </svg>
  );
}
