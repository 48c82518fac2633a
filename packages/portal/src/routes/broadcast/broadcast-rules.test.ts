import { MESSAGES } from "@herald/domain";
import { describe, expect, it } from "vitest";
import {
  CHOOSE_RECIPIENT,
  CHOOSE_TEMPLATE,
  emptyDraft,
  FILE_COLUMNS_MISSING,
  FILE_EMPTY,
  FILL_VARIABLES,
  fileReadiness,
  fillVariables,
  isRunning,
  messageText,
  rowsFromTable,
  stepError,
  subscriberReady,
  templateShape,
  type WhatsappTemplate,
} from "./broadcast-rules";

const hello: WhatsappTemplate = {
  name: "order_ready",
  language: "en_US",
  components: [{ type: "BODY", text: "Hello {{1}}, order {{2}} is ready" }],
};
const promo: WhatsappTemplate = {
  name: "promo",
  language: "en_US",
  components: [
    { type: "HEADER", format: "IMAGE" },
    { type: "BODY", text: "New" },
  ],
};
const ctx = { templates: [hello, promo] };

describe("broadcast wizard steps", () => {
  it("step 0: name required, at most 50; description at most 255", () => {
    expect(stepError(0, { ...emptyDraft(), name: "  " }, ctx)).toBe(MESSAGES.broadcastNameRequired);
    expect(stepError(0, { ...emptyDraft(), name: "x".repeat(51) }, ctx)).toBe(MESSAGES.broadcastNameTooLong);
    expect(stepError(0, { ...emptyDraft(), name: "ok", description: "d".repeat(256) }, ctx)).toBe(
      MESSAGES.broadcastDescriptionTooLong,
    );
    expect(
      stepError(0, { ...emptyDraft(), name: "x".repeat(50), description: "d".repeat(255) }, ctx),
    ).toBeNull();
  });

  it("step 2: a template needs a channel; at least 1 recipient", () => {
    expect(stepError(2, { ...emptyDraft(), type: "template", selected: ["a"] }, ctx)).toBe(
      MESSAGES.selectChannel,
    );
    expect(stepError(2, emptyDraft(), ctx)).toBe(CHOOSE_RECIPIENT);
    expect(stepError(2, { ...emptyDraft(), selected: ["a"] }, ctx)).toBeNull();
    expect(stepError(2, { ...emptyDraft(), method: "file" }, ctx)).toBe(CHOOSE_RECIPIENT);
    expect(stepError(2, { ...emptyDraft(), method: "file", fileError: FILE_EMPTY }, ctx)).toBe(FILE_EMPTY);
  });

  it("step 3: live needs text or attachment; template needs media for a media header and its variables", () => {
    expect(stepError(3, { ...emptyDraft(), text: " " }, ctx)).toBe(MESSAGES.composeMessage);
    expect(stepError(3, { ...emptyDraft(), attachment: new File(["x"], "a.png") }, ctx)).toBeNull();
    const template = { ...emptyDraft(), type: "template" as const };
    expect(stepError(3, template, ctx)).toBe(CHOOSE_TEMPLATE);
    expect(stepError(3, { ...template, templateKey: "promo|en_US" }, ctx)).toBe(MESSAGES.uploadMedia);
    expect(stepError(3, { ...template, templateKey: "order_ready|en_US", bodyValues: ["Ann"] }, ctx)).toBe(
      FILL_VARIABLES,
    );
    expect(
      stepError(3, { ...template, templateKey: "order_ready|en_US", bodyValues: ["Ann", "7"] }, ctx),
    ).toBeNull();
    // A file's rows carry the body values.
    expect(stepError(3, { ...template, method: "file", templateKey: "order_ready|en_US" }, ctx)).toBeNull();
  });
});

describe("recipient readiness", () => {
  it("flags invalid numbers, missing values and (with remove duplicates) repeated numbers", () => {
    const rows = rowsFromTable([
      ["Mobile", "Name", "v1"],
      ["+6591234567", "Ann", "a"],
      ["12ab", "Bad", "b"],
      ["6591234568", "Ben", ""],
      ["65 9123 4567", "Ann again", "a"],
    ]);
    if (typeof rows === "string") throw new Error(rows);
    expect(fileReadiness(rows, 1, true).map((r) => r.status)).toEqual([
      MESSAGES.recipientReady,
      MESSAGES.recipientInvalidPhone,
      MESSAGES.recipientMissingValue,
      MESSAGES.recipientDuplicated,
    ]);
    expect(fileReadiness(rows, 1, false).map((r) => r.status)[3]).toBe(MESSAGES.recipientReady);
    expect(fileReadiness(rows, 0, true).map((r) => r.status)[2]).toBe(MESSAGES.recipientReady);
  });

  it("needs mobile then name as the first columns and at least one row", () => {
    expect(rowsFromTable([["name", "mobile"]])).toBe(FILE_COLUMNS_MISSING);
    expect(
      rowsFromTable([
        ["mobile", "name"],
        ["", ""],
      ]),
    ).toBe(FILE_EMPTY);
  });

  it("contacts: live needs the 24-hour window, template a valid number", () => {
    const sub = {
      id: "s",
      name: "A",
      mobile: null,
      platformId: "6591234567",
      channelId: "c",
      channelType: "WHATSAPP" as const,
      conversationExpiry: "2026-01-01T01:00:00.000Z",
    };
    const now = Date.parse("2026-01-01T00:00:00.000Z");
    expect(subscriberReady(sub, "live", now)).toBe(true);
    expect(subscriberReady(sub, "live", now + 7_200_000)).toBe(false);
    expect(subscriberReady(sub, "template", now)).toBe(true);
    expect(subscriberReady({ ...sub, platformId: "tg-42" }, "template", now)).toBe(false);
  });
});

describe("templates and report", () => {
  it("reads the template's shape and fills its variables", () => {
    expect(templateShape(hello)).toEqual({
      headerFormat: null,
      headerCount: 0,
      bodyCount: 2,
      needsMedia: false,
    });
    expect(templateShape(promo).needsMedia).toBe(true);
    expect(fillVariables("Hi {{1}} {{2}}", ["Ann"])).toBe("Hi Ann {{2}}");
  });

  it("polls while a recipient is queued; shows a template message filled in", () => {
    const row = {
      id: "m",
      name: "n",
      contactName: null,
      channel_type: "WHATSAPP" as const,
      delivery_status: null,
      remark: null,
      created_at: "2026-01-01T00:00:00.000Z",
      text: null,
      url: null,
      type: null,
      filename: null,
      mime: null,
      whatsapp_template_components: hello.components,
      whatsapp_template_variables: { body: ["Ann", "7"] },
      whatsapp_template_metadata: null,
    };
    const b = {
      id: "b",
      name: "b",
      description: null,
      campaignName: null,
      type: "template" as const,
      method: "file" as const,
      channelType: "WHATSAPP" as const,
      createdAt: "2026-01-01T00:00:00.000Z",
      preview: {
        text: null,
        attachment: null,
        whatsappTemplateComponents: null,
        whatsappTemplateVariables: null,
      },
      stats: { total: 1, sent: 0, delivered: 0, read: 0, failed: 0 },
      recipients: [row],
    };
    expect(isRunning(b)).toBe(true);
    expect(
      isRunning({
        ...b,
        stats: { ...b.stats, sent: 1 },
        recipients: [{ ...row, delivery_status: "sent" as const }],
      }),
    ).toBe(false);
    expect(messageText(row)).toBe("Hello Ann, order 7 is ready");
  });
});
