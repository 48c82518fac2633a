import type { components } from "@herald/api-client/schema";

export type ChannelType = components["schemas"]["ChannelType"];
export type WhatsappTemplate = components["schemas"]["WhatsappTemplate"];
export type ChannelDriverKind = "sandbox" | "provider";
