import { ApiError } from "@herald/api-client";
import type { components } from "@herald/api-client/schema";
import { MESSAGES } from "@herald/domain";
import { Button, RadioGroup, Textarea, TextField } from "@herald/ui";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { Dialogs } from "../../../dialogs";
import * as s from "./keywords.css";

export type Keyword = components["schemas"]["Keyword"];
export type KeywordType = Keyword["type"];
export type AutoReplyStatus = "enable" | "disable";

export const KEYWORD_LIST = "/keyword-mgt/keyword-list";
export const KEYWORD_MAX = 50;
export const AUTO_REPLY_MAX = 1000;

/** The server's keyword rules, checked before sending (the same words as its answers). */
export function keywordError(text: string): string | null {
  const t = text.trim();
  if (!t) return MESSAGES.required;
  if (/\s/.test(t)) return "A keyword is one word, without spaces";
  if (t.length > KEYWORD_MAX) return `A keyword cannot exceed ${KEYWORD_MAX} characters`;
  return null;
}

export const TYPE_OPTIONS = [
  { value: "sub", label: "Subscribe" },
  { value: "unsub", label: "Unsubscribe" },
] as const;
const AUTO_REPLY_OPTIONS = [
  { value: "enable", label: "Enable" },
  { value: "disable", label: "Disable" },
] as const;

export const typeLabel = (type: string) =>
  type === "sub" ? "Subscribe" : type === "unsub" ? "Unsubscribe" : "Invalid";
export const autoReplyLabel = (status: string) =>
  ({ enable: "Enabled", disable: "Disabled", deleted: "Deleted" })[status] ?? "Invalid";
export const statusLabel = (status: string) =>
  ({ active: "Active", deleted: "Deleted" })[status] ?? "Invalid";

/**
 * The error dialog of a keyword call: a 400 is 'Error Updating Data' with the server's reason, a refusal
 * (403, 409) the server's own message, anything else 'Something went wrong'.
 */
export async function showKeywordError(dialogs: Dialogs, err: unknown) {
  if (err instanceof ApiError && err.status === 400)
    return dialogs.message("error", MESSAGES.errorUpdatingData, err.message);
  if (err instanceof ApiError && (err.status === 403 || err.status === 409))
    return dialogs.message("error", err.message);
  return dialogs.message("warning", MESSAGES.somethingWentWrong);
}

export interface KeywordValues {
  keyword: string;
  type: KeywordType;
  autoReplyStatus: AutoReplyStatus;
  auto_reply: string | null;
}

type Errors = Partial<Record<"keyword" | "type" | "autoReplyStatus" | "auto_reply", string>>;

/**
 * The Add and Edit keyword form. The message box shows only while auto-reply is enabled; choosing Disable
 * clears its text. The message is required on edit while enabled, optional on add.
 */
export function KeywordForm(props: {
  mode: "add" | "edit";
  initial?: Keyword;
  submitLabel: string;
  onSubmit: (values: KeywordValues) => Promise<void>;
}) {
  const navigate = useNavigate();
  const { initial, mode } = props;
  const [keyword, setKeyword] = useState(initial?.keyword ?? "");
  const [type, setType] = useState<KeywordType | "">(initial?.type ?? "");
  const initialReply = initial?.auto_reply_status;
  const [autoReplyStatus, setAutoReplyStatus] = useState<AutoReplyStatus | "">(
    initialReply === "enable" || initialReply === "disable" ? initialReply : "",
  );
  const [reply, setReply] = useState(initial?.auto_reply ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const replyError = (text: string, status: AutoReplyStatus | "") => {
    if (status !== "enable") return null;
    if (mode === "edit" && !text.trim()) return MESSAGES.required;
    if (text.length > AUTO_REPLY_MAX) return `The auto reply cannot exceed ${AUTO_REPLY_MAX} characters`;
    return null;
  };
  /** An error shown is re-checked as its value changes, so it never outlives the mistake. */
  const recheck = (field: keyof Errors, error: string | null) =>
    setErrors((e) => (e[field] ? { ...e, [field]: error ?? undefined } : e));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      keyword: keywordError(keyword) ?? undefined,
      type: type ? undefined : MESSAGES.required,
      autoReplyStatus: autoReplyStatus ? undefined : MESSAGES.required,
      auto_reply: replyError(reply, autoReplyStatus) ?? undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !type || !autoReplyStatus) return;
    setSaving(true);
    try {
      await props.onSubmit({
        keyword: keyword.trim(),
        type,
        autoReplyStatus,
        auto_reply: autoReplyStatus === "enable" ? reply.trim() || null : null,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <TextField
        label="Keyword"
        required
        value={keyword}
        maxLength={KEYWORD_MAX}
        showCounter
        autoComplete="off"
        spellCheck={false}
        help="One word, without spaces. Matched without regard to case."
        onChange={(ev) => {
          setKeyword(ev.target.value);
          recheck("keyword", keywordError(ev.target.value));
        }}
        error={errors.keyword}
      />
      <RadioGroup
        label="Type"
        required
        orientation="horizontal"
        options={TYPE_OPTIONS}
        value={type || undefined}
        onValueChange={(v) => {
          setType(v);
          recheck("type", null);
        }}
        error={errors.type}
      />
      <RadioGroup
        label="Auto Reply"
        required
        orientation="horizontal"
        options={AUTO_REPLY_OPTIONS}
        value={autoReplyStatus || undefined}
        onValueChange={(v) => {
          setAutoReplyStatus(v);
          recheck("autoReplyStatus", null);
          if (v === "disable") {
            setReply("");
            setErrors((e) => ({ ...e, auto_reply: undefined }));
          }
        }}
        error={errors.autoReplyStatus}
      />
      {autoReplyStatus === "enable" && (
        <Textarea
          label="Auto Reply Message"
          required={mode === "edit"}
          value={reply}
          rows={4}
          maxLength={AUTO_REPLY_MAX}
          showCounter
          help="Sent back to the number that texts the keyword."
          onChange={(ev) => {
            setReply(ev.target.value);
            recheck("auto_reply", replyError(ev.target.value, autoReplyStatus));
          }}
          error={errors.auto_reply}
        />
      )}
      <div className={s.actions}>
        <Button variant="outline" tone="secondary" onClick={() => navigate(KEYWORD_LIST)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
