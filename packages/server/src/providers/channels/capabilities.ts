/**
 * What each of the 13 channel types can carry: the declared capability matrix every driver of a type shares
 * (the sandbox driver of a type simulates the same rules, so a trial behaves as the real channel will).
 *
 * File types are the specification's table for WhatsApp, Messenger, Telegram and WeChat. The
 * specification gives no per-type sizes; the sizes are the providers' documented limits (WhatsApp Cloud API media
 * limits, Messenger attachment limit 25 MB, Telegram Bot API 10 MB photos / 50 MB other files, WeChat customer
 * service image 10 MB, Instagram, LINE and Viber as their APIs document), never above the portal's upload limit
 * (157286400 bytes). Types without a connector of their own yet (Slack, WeChat Work, Teams, Webex, LINE Notify,
 * Lark) are text only.
 */
import type { ChannelType } from "./types";

export type MediaKind = "image" | "video" | "audio" | "document";

export interface MediaRule {
  /** Lower-case file extensions accepted. */
  extensions: string[];
  /** Largest file in bytes. */
  maxBytes: number;
}

export interface ChannelCapabilities {
  text: boolean;
  /** Longest text message (characters). */
  maxTextLength: number;
  /** Media the type can send, by kind; a kind left out is not supported. */
  media: Partial<Record<MediaKind, MediaRule>>;
  /** WhatsApp message templates (sync, send with variables). */
  templates: boolean;
  /** The provider tells us when a message was read. */
  readReceipts: boolean;
  /** Free-form messages only within 24 hours of the subscriber's last message (templates outside it). */
  window24h: boolean;
  /** What one outbound message costs the company, in cents (0: free). */
  priceCents: number;
}

const MB = 1024 * 1024;
/** The portal's upload limit: 150 MB (157,286,400 bytes) per file. */
export const UPLOAD_LIMIT_BYTES = 157_286_400;

const TEXT_ONLY: ChannelCapabilities = {
  text: true,
  maxTextLength: 4096,
  media: {},
  templates: false,
  readReceipts: false,
  window24h: false,
  priceCents: 0,
};

export const CAPABILITIES: Record<ChannelType, ChannelCapabilities> = {
  WHATSAPP: {
    text: true,
    maxTextLength: 4096,
    media: {
      image: { extensions: ["png", "jpg", "jpeg"], maxBytes: 5 * MB },
      video: { extensions: ["mp4", "3gp"], maxBytes: 16 * MB },
      document: { extensions: ["xlsx", "xls", "ppt", "doc", "docx", "pdf", "zip"], maxBytes: 100 * MB },
      audio: { extensions: ["mp3"], maxBytes: 16 * MB },
    },
    templates: true,
    readReceipts: true,
    window24h: true,
    priceCents: 0,
  },
  "FACEBOOK MESSENGER": {
    text: true,
    maxTextLength: 2000,
    media: {
      image: { extensions: ["png", "jpeg", "jpg"], maxBytes: 25 * MB },
      video: { extensions: ["mp4", "3gp"], maxBytes: 25 * MB },
      document: { extensions: ["gif", "pdf", "doc", "docx", "xls", "xlsx", "ppt", "zip"], maxBytes: 25 * MB },
      audio: { extensions: ["mp3"], maxBytes: 25 * MB },
    },
    templates: false,
    readReceipts: true,
    window24h: true,
    priceCents: 0,
  },
  INSTAGRAM: {
    text: true,
    maxTextLength: 1000,
    media: {
      image: { extensions: ["png", "jpeg", "jpg"], maxBytes: 8 * MB },
      video: { extensions: ["mp4"], maxBytes: 25 * MB },
      audio: { extensions: ["mp3"], maxBytes: 25 * MB },
    },
    templates: false,
    readReceipts: true,
    window24h: true,
    priceCents: 0,
  },
  TELEGRAM: {
    text: true,
    maxTextLength: 4096,
    media: {
      image: { extensions: ["png", "jpg"], maxBytes: 10 * MB },
      video: { extensions: ["mp4"], maxBytes: 50 * MB },
      document: { extensions: ["gif", "zip", "pdf", "doc", "docx", "xls", "xlsx", "ppt"], maxBytes: 50 * MB },
      audio: { extensions: ["mp3"], maxBytes: 50 * MB },
    },
    templates: false,
    readReceipts: false,
    window24h: false,
    priceCents: 0,
  },
  WECHAT: {
    text: true,
    maxTextLength: 2048,
    media: { image: { extensions: ["png", "jpg"], maxBytes: 10 * MB } },
    templates: false,
    readReceipts: false,
    window24h: true,
    priceCents: 0,
  },
  LINE: {
    text: true,
    maxTextLength: 5000,
    media: {
      image: { extensions: ["jpg", "jpeg", "png"], maxBytes: 10 * MB },
      video: { extensions: ["mp4"], maxBytes: UPLOAD_LIMIT_BYTES },
      audio: { extensions: ["m4a"], maxBytes: UPLOAD_LIMIT_BYTES },
    },
    templates: false,
    readReceipts: false,
    window24h: false,
    priceCents: 0,
  },
  VIBER: {
    text: true,
    maxTextLength: 7000,
    media: {
      image: { extensions: ["jpg", "jpeg", "png"], maxBytes: 1 * MB },
      video: { extensions: ["mp4"], maxBytes: 26 * MB },
      document: { extensions: ["pdf", "doc", "docx", "xls", "xlsx", "zip"], maxBytes: 50 * MB },
    },
    templates: false,
    readReceipts: true,
    window24h: false,
    priceCents: 0,
  },
  SLACK: TEXT_ONLY,
  "MICROSOFT TEAMS": TEXT_ONLY,
  "WEBEX TEAMS": TEXT_ONLY,
  WECOM: TEXT_ONLY,
  "LINE NOTIFY": { ...TEXT_ONLY, maxTextLength: 1000 },
  LARK: TEXT_ONLY,
};

/** The media kind and rule a file name falls under on a channel type, or undefined when the type refuses it. */
export function mediaRuleFor(
  type: ChannelType,
  fileName: string,
): { kind: MediaKind; rule: MediaRule } | undefined {
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  const media = CAPABILITIES[type].media;
  for (const kind of ["image", "video", "audio", "document"] as const) {
    const rule = media[kind];
    if (rule?.extensions.includes(ext)) return { kind, rule };
  }
  return undefined;
}
