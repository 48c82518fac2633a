import { describe, expect, it } from "vitest";
import {
  COMPOSE_MESSAGES,
  COUNTING_NOTE,
  type ComposeState,
  counterText,
  emptyCompose,
  finalActionLabel,
  firstInvalidStep,
  firstSlotAfter,
  insertAt,
  messageFromFile,
  mobileNumbersHelp,
  monthlyNote,
  nextDay,
  normalizeTagFor,
  notEnoughCreditText,
  numberTagError,
  offeredVariables,
  overwritesTypedText,
  parseComposeState,
  sampleFile,
  scheduleBounds,
  scheduleSummary,
  smsCounter,
  stepError,
  TEMPLATE_TEXTS,
  tagErrorFor,
  templateContentError,
  templateNameError,
  toComposeDraft,
  variableName,
  variableToken,
  wallClock,
} from "./compose-rules";

const SG = "Asia/Singapore";
// 2026-01-15 10:10 in Singapore (UTC+8)
const NOW = new Date("2026-01-15T02:10:00Z");
const ctx = { senderIds: ["HERALD", "SHOP"], now: NOW, timeZone: SG };
const draft = (over: Partial<ComposeState> = {}): ComposeState => ({ ...emptyCompose(), ...over });

describe("step 1: channel", () => {
  it("needs a channel, with the specification's message", () => {
    expect(stepError(0, draft(), ctx)).toBe("Please select a Channel!");
  });
  it("needs a subject for e-mail and an allowed sender ID for SMS", () => {
    expect(stepError(0, draft({ channel: "Email" }), ctx)).toBe(COMPOSE_MESSAGES.emailSubject);
    expect(stepError(0, draft({ channel: "Email", emailSubject: "  " }), ctx)).toBe(
      COMPOSE_MESSAGES.emailSubject,
    );
    expect(stepError(0, draft({ channel: "Email", emailSubject: "Hello" }), ctx)).toBeNull();
    expect(stepError(0, draft({ channel: "SMS" }), ctx)).toBe(COMPOSE_MESSAGES.senderId);
    expect(stepError(0, draft({ channel: "SMS", senderId: "OTHER" }), ctx)).toBe(COMPOSE_MESSAGES.senderId);
    expect(stepError(0, draft({ channel: "SMS", senderId: "SHOP" }), ctx)).toBeNull();
    // none allowed: the gateway's default sender
    expect(stepError(0, draft({ channel: "SMS" }), { ...ctx, senderIds: [] })).toBeNull();
  });
  it("WhatsApp and Telegram: the channel to send through is chosen when the company has several", () => {
    const chatChannels = [
      { id: "w1", name: "WA one", channel: "WhatsApp" as const },
      { id: "w2", name: "WA two", channel: "WhatsApp" as const },
      { id: "t1", name: "TG", channel: "Telegram" as const },
    ];
    const c = { ...ctx, chatChannels };
    expect(stepError(0, draft({ channel: "WhatsApp" }), c)).toBe(COMPOSE_MESSAGES.chatChannel);
    expect(stepError(0, draft({ channel: "WhatsApp", channelId: "t1" }), c)).toBe(
      COMPOSE_MESSAGES.chatChannel,
    );
    expect(stepError(0, draft({ channel: "WhatsApp", channelId: "w2" }), c)).toBeNull();
    // only one Telegram channel: nothing to choose
    expect(stepError(0, draft({ channel: "Telegram" }), c)).toBeNull();
    const body = toComposeDraft(draft({ channel: "WhatsApp", channelId: "w2", numbers: ["6591234567"] }));
    expect(body).toMatchObject({ channel: "WhatsApp", channelId: "w2" });
    expect(toComposeDraft(draft({ channel: "SMS", channelId: "w2" }))).not.toHaveProperty("channelId");
  });
});

describe("step 2: recipients", () => {
  it("takes numbers as people write them, national ones of the company's country, and says why one is refused", () => {
    expect(numberTagError("+6591234567")).toBeNull();
    expect(numberTagError("6591234567")).toBeNull();
    expect(numberTagError("91234567")).toBeNull();
    expect(normalizeTagFor("SMS", "SG")("(65) 8123-4567")).toBe("+6581234567");
    expect(normalizeTagFor("SMS", "SG")("9123 4567")).toBe("+6591234567");
    expect(normalizeTagFor("SMS", "SG")(" 123  45 ")).toBe("123 45");
    expect(numberTagError("12345")).toBe("Too few digits for a Singapore number");
    expect(numberTagError("65abc")).toMatch(/^Only digits/);
    expect(mobileNumbersHelp("SG")).not.toMatch(/space after/);
    expect(mobileNumbersHelp("SG")).toMatch(/paste a column/);
  });
  it("needs one recipient and no invalid number", () => {
    expect(stepError(1, draft(), ctx)).toBe("Please choose at least 1 recipient.");
    expect(stepError(1, draft({ numbers: ["6591234567", "123"] }), ctx)).toBe(
      COMPOSE_MESSAGES.invalidNumbers,
    );
    expect(stepError(1, draft({ numbers: ["6591234567"] }), ctx)).toBeNull();
    expect(stepError(1, draft({ groupIds: ["g"] }), ctx)).toBeNull();
    expect(stepError(1, draft({ file: { id: "f", name: "a.csv", rows: 2, variables: [] } }), ctx)).toBeNull();
    expect(stepError(1, draft({ groupIds: ["g"] }), { ...ctx, uploading: true })).toBe(
      COMPOSE_MESSAGES.fileUploading,
    );
  });
});

describe("step 3: message", () => {
  it("needs text, unless every recipient's message comes from the file", () => {
    expect(stepError(2, draft({ message: " \n" }), ctx)).toBe("Please compose a message!");
    const file = { id: "f", name: "a.csv", rows: 2, variables: [] };
    const fromFile = draft({ file, fileContent: "Contacts & Message" });
    expect(messageFromFile(fromFile)).toBe(true);
    expect(stepError(2, fromFile, ctx)).toBeNull();
    expect(stepError(2, { ...fromFile, numbers: ["6591234567"] }, ctx)).toBe("Please compose a message!");
    expect(stepError(2, draft({ file, fileContent: "Contacts & Variables" }), ctx)).toBe(
      "Please compose a message!",
    );
  });

  it("counts GSM-7 text in septets, 160 in one SMS", () => {
    expect(smsCounter("")).toMatchObject({ encoding: "GSM-7", characters: 0, segments: 0 });
    expect(smsCounter("a".repeat(160))).toEqual({
      encoding: "GSM-7",
      characters: 160,
      segments: 1,
      remaining: 0,
    });
    expect(smsCounter("a".repeat(150))).toMatchObject({ segments: 1, remaining: 10 });
    // an extension character counts two
    expect(smsCounter("€".repeat(80))).toMatchObject({ encoding: "GSM-7", characters: 160, segments: 1 });
    expect(smsCounter("a".repeat(161))).toMatchObject({ segments: 2, remaining: 153 * 2 - 161 });
    expect(counterText(smsCounter("Hello"))).toBe("GSM-7 · 5 characters · 1 SMS · 155 left");
  });

  it("counts other text as Unicode (UCS-2)", () => {
    const c = smsCounter("Xin chào ☺");
    expect(c.encoding).toBe("UCS-2 (Unicode)");
    expect(c.characters).toBe(10);
    expect(c.segments).toBe(1);
  });

  it("inserts a variable at the caret, over a selection", () => {
    expect(insertAt("Hi !", "{name}", 3)).toEqual({ text: "Hi {name}!", caret: 9 });
    expect(insertAt("Hi you!", "{name}", 3, 6)).toEqual({ text: "Hi {name}!", caret: 9 });
    expect(insertAt("", "{x}", 5)).toEqual({ text: "{x}", caret: 3 });
  });
});

describe("step 4: frequency and schedule", () => {
  it("reads the wall clock in the company's time zone", () => {
    expect(wallClock(NOW, SG)).toEqual({ date: "2026-01-15", time: "10:10" });
    expect(wallClock(new Date("2026-01-15T23:30:00Z"), SG)).toEqual({ date: "2026-01-16", time: "07:30" });
  });
  it("offers the next 30-minute slot, or tomorrow when none is left", () => {
    expect(firstSlotAfter("10:00")).toBe("10:30");
    expect(firstSlotAfter("10:10")).toBe("10:30");
    expect(firstSlotAfter("10:30")).toBe("11:00");
    expect(firstSlotAfter("23:30")).toBeNull();
    expect(nextDay("2026-02-28")).toBe("2026-03-01");
    expect(scheduleBounds(NOW, SG)).toEqual({ today: "2026-01-15", minDate: "2026-01-15", minTime: "10:30" });
    expect(scheduleBounds(new Date("2026-01-15T15:45:00Z"), SG)).toEqual({
      today: "2026-01-15",
      minDate: "2026-01-16",
      minTime: null,
    });
  });
  it("needs a date and a time in the future, except for Send Now", () => {
    expect(stepError(3, draft(), ctx)).toBeNull();
    expect(stepError(3, draft({ frequency: "Daily" }), ctx)).toBe(
      "Please select the Schedule Date and Schedule Time.",
    );
    expect(stepError(3, draft({ frequency: "Daily", scheduleDate: "2026-01-15" }), ctx)).toBe(
      COMPOSE_MESSAGES.scheduleRequired,
    );
    const at = (scheduleDate: string, scheduleTime: string) =>
      stepError(3, draft({ frequency: "One-Time", scheduleDate, scheduleTime }), ctx);
    expect(at("2026-01-15", "10:00")).toBe(COMPOSE_MESSAGES.schedulePast);
    expect(at("2026-01-14", "23:30")).toBe(COMPOSE_MESSAGES.schedulePast);
    expect(at("2026-01-15", "10:30")).toBeNull();
  });
  it("says where a monthly send on the 29th to 31st falls in shorter months", () => {
    expect(monthlyNote("2026-01-28")).toBeNull();
    expect(monthlyNote("2026-01-29")).toMatch(/without a 29th get it on their last day/);
    expect(monthlyNote("2026-01-31")).toMatch(/31st/);
  });
});

describe("the draft kept across /sms/compose and /sms/preview", () => {
  it("round-trips and repairs what it cannot read", () => {
    const full = draft({
      step: 3,
      channel: "SMS",
      senderId: "HERALD",
      numbers: ["6591234567"],
      file: { id: "f", name: "a.csv", rows: 3, variables: ["age"] },
      fileContent: "Contacts & Variables",
      removeDuplicates: false,
      message: "Hi {name}",
      frequency: "Monthly",
      scheduleDate: "2026-01-31",
      scheduleTime: "09:30",
      idempotencyKey: "k",
    });
    expect(parseComposeState(JSON.stringify(full))).toEqual(full);
    expect(parseComposeState(null)).toEqual(emptyCompose());
    expect(parseComposeState("{not json")).toEqual(emptyCompose());
    expect(
      parseComposeState(JSON.stringify({ channel: "Fax", numbers: [1], step: 9, removeDuplicates: "no" })),
    ).toEqual({ ...emptyCompose(), step: 3 });
  });
  it("finds the first step that does not pass", () => {
    expect(firstInvalidStep(draft(), ctx)).toEqual({ step: 0, message: "Please select a Channel!" });
    const ok = draft({ channel: "SMS", senderId: "SHOP", groupIds: ["g"], message: "Hi" });
    expect(firstInvalidStep(ok, ctx)).toBeNull();
  });
});

describe("sample files", () => {
  it("start with mobile then name; variables and message columns follow", () => {
    expect(sampleFile("Contacts").header).toEqual(["mobile", "name"]);
    expect(sampleFile("Contacts & Variables").header).toEqual(["mobile", "name", "age", "email"]);
    expect(sampleFile("Contacts & Message").header).toEqual(["mobile", "name", "message"]);
    for (const c of ["Contacts", "Contacts & Variables", "Contacts & Message"] as const)
      for (const row of sampleFile(c).rows) expect(numberTagError(row[0]!)).toBeNull();
  });
});

describe("e-mail recipients", () => {
  it("are addresses, kept as typed", () => {
    expect(tagErrorFor("Email")("a.b@example.com")).toBeNull();
    expect(tagErrorFor("Email")("6591234567")).toBe(COMPOSE_MESSAGES.invalidEmail);
    expect(normalizeTagFor("Email")(" a.b@example.com ")).toBe("a.b@example.com");
    expect(normalizeTagFor("SMS")("+65 9123-4567")).toBe("+6591234567");
    expect(stepError(1, draft({ channel: "Email", numbers: ["x@"] }), ctx)).toBe(
      COMPOSE_MESSAGES.invalidEmails,
    );
    expect(stepError(1, draft({ channel: "Email", numbers: ["a@b.co"] }), ctx)).toBeNull();
  });
  it("variables are written {name}", () => {
    expect(variableToken("age")).toBe("{age}");
    expect(variableName("{age}")).toBe("age");
    expect(variableName("age")).toBe("age");
  });
});

describe("the preview", () => {
  it("says when the send goes out", () => {
    const at = { scheduleDate: "2026-01-31", scheduleTime: "09:30" };
    expect(scheduleSummary({ frequency: "Send Now", scheduleDate: "", scheduleTime: "" }, SG)).toBe("Now");
    expect(scheduleSummary({ frequency: "One-Time", ...at }, SG)).toBe("Once, 31 Jan 2026, 09:30 SGT");
    expect(scheduleSummary({ frequency: "Monthly", ...at }, SG)).toBe("Monthly, from 31 Jan 2026, 09:30 SGT");
  });
});

describe("the contract's ComposeDraft", () => {
  const file = { id: "f1", name: "a.csv", rows: 2, variables: ["age"] };
  it("sends now without a schedule; SMS with its sender, no subject", () => {
    expect(
      toComposeDraft(
        draft({
          channel: "SMS",
          senderId: "HERALD",
          emailSubject: "ignored",
          numbers: ["+6591234567"],
          groupIds: ["g1"],
          file,
          fileContent: "Contacts & Variables",
          message: "Hi {name}",
          scheduleDate: "2026-01-31",
          scheduleTime: "09:30",
        }),
      ),
    ).toEqual({
      campaignId: null,
      channel: "SMS",
      senderId: "HERALD",
      recipients: { numbers: ["+6591234567"], contactIds: [], groupIds: ["g1"], fileId: "f1" },
      fileContent: "Contacts & Variables",
      removeDuplicates: true,
      text: "Hi {name}",
      frequency: "now",
    });
  });
  it("maps the frequencies and keeps the schedule; Email has a subject and no sender", () => {
    const codes = { "One-Time": "once", Daily: "daily", Weekly: "weekly", Monthly: "monthly" } as const;
    for (const [frequency, code] of Object.entries(codes)) {
      const body = toComposeDraft(
        draft({
          channel: "Email",
          senderId: "HERALD",
          emailSubject: " News ",
          campaignId: "c1",
          removeDuplicates: false,
          frequency: frequency as keyof typeof codes,
          scheduleDate: "2026-01-31",
          scheduleTime: "09:30",
        }),
      );
      expect(body).toMatchObject({
        campaignId: "c1",
        channel: "Email",
        subject: "News",
        removeDuplicates: false,
        frequency: code,
        date: "2026-01-31",
        time: "09:30",
      });
      expect(body).not.toHaveProperty("senderId");
      expect(body).not.toHaveProperty("text");
    }
  });
  it("says why Done is disabled when the credit is short, in the server's words", () => {
    expect(notEnoughCreditText("12.50", "3.00")).toBe(
      "Credit cannot go below 0: this send costs SGD 12.50 and your credit is SGD 3.00.",
    );
  });
});

describe("step 3: message templates", () => {
  it("checks a template's name and content as the server does", () => {
    expect(templateNameError("")).toBe(TEMPLATE_TEXTS.nameRequired);
    expect(templateNameError("   ")).toBe(TEMPLATE_TEXTS.nameRequired);
    expect(templateNameError(` ${"n".repeat(50)} `)).toBeNull();
    expect(templateNameError("n".repeat(51))).toBe("Template name cannot exceed 50 characters");
    expect(templateContentError(" \n ")).toBe(TEMPLATE_TEXTS.contentRequired);
    expect(templateContentError("😀".repeat(1600))).toBeNull(); // code points, as PostgreSQL counts
    expect(templateContentError("c".repeat(1601))).toBe("Message content cannot exceed 1600 characters");
    expect(TEMPLATE_TEXTS.noTemplates).toBe("No templates yet — save this message as one");
  });

  it("asks before a template replaces text the user typed, not before it replaces another template's text", () => {
    const a = { content: "Hi {name}, A" };
    const b = { content: "Hi {name}, B" };
    expect(overwritesTypedText("", undefined, a)).toBe(false);
    expect(overwritesTypedText("  ", undefined, a)).toBe(false);
    expect(overwritesTypedText("typed", undefined, a)).toBe(true);
    expect(overwritesTypedText(a.content, a, b)).toBe(false); // template A unchanged
    expect(overwritesTypedText(`${a.content}!`, a, b)).toBe(true); // A edited
    expect(overwritesTypedText(b.content, undefined, b)).toBe(false); // nothing would change
  });
});

describe("the wording of the counter, the variables offered and the final button", () => {
  it("speaks of the user's message only", () => {
    expect(COUNTING_NOTE).not.toMatch(/specification|57/);
  });

  it("offers the base variables, the file's columns and the contacts' attribute columns, each once", () => {
    expect(offeredVariables("SMS", ["city", "Name"], ["Plan", "city", "bad|name", "tier"])).toEqual([
      "name",
      "mobile",
      "city",
      "Plan",
      "tier",
    ]);
    expect(offeredVariables("Email", [], ["Plan"])).toEqual(["name", "email", "Plan"]);
  });

  it("says what the last step's button does, how many and for how much", () => {
    const totals = { segments: 195, recipients: 120, cost: "9.75" };
    expect(finalActionLabel({ channel: "SMS", frequency: "Send Now" }, totals)).toBe(
      "Send 195 SMS · SGD 9.75",
    );
    expect(finalActionLabel({ channel: "SMS", frequency: "Weekly" }, totals)).toBe(
      "Schedule 195 SMS · SGD 9.75",
    );
    expect(finalActionLabel({ channel: "Email", frequency: "Send Now" }, { ...totals, recipients: 1 })).toBe(
      "Send 1 e-mail · SGD 9.75",
    );
    expect(finalActionLabel({ channel: "WhatsApp", frequency: "One-Time" }, totals)).toBe(
      "Schedule 120 WhatsApp messages · SGD 9.75",
    );
    expect(finalActionLabel({ channel: "SMS", frequency: "Send Now" })).toBe("Send");
  });
});
