import { useCallback, useEffect, useState } from "react";
import { type ComposeState, emptyCompose, parseComposeState } from "./compose-rules";

export const COMPOSE_PATH = "/sms/compose";
export const PREVIEW_PATH = "/sms/preview";
export const OUTBOX_PATH = "/report/outbox";
/** Where a scheduled send is listed (the outbox shows what has gone out). */
export const SCHEDULED_PATH = "/report/scheduled";
export const HOME_CRUMB = { label: "Home", href: "/apps/social-chat" };

/** The draft lives in the tab's sessionStorage: it survives the move to /sms/preview, Back and a reload. */
const STORAGE_KEY = "herald.sms.compose";

export function loadDraft(): ComposeState {
  try {
    return parseComposeState(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return emptyCompose();
  }
}

export function saveDraft(state: ComposeState) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the wizard still works within the page
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The wizard's state, saved on every change. A change of content drops the draft's idempotency key, so the
 * next submission is a new send; moving between steps keeps it.
 */
export function useComposeDraft() {
  const [state, setState] = useState<ComposeState>(loadDraft);
  useEffect(() => saveDraft(state), [state]);
  const update = useCallback(
    (patch: Partial<Omit<ComposeState, "step" | "idempotencyKey">>) =>
      setState((s) => ({ ...s, ...patch, idempotencyKey: "" })),
    [],
  );
  const setStep = useCallback((step: number) => setState((s) => ({ ...s, step })), []);
  const setKey = useCallback((idempotencyKey: string) => setState((s) => ({ ...s, idempotencyKey })), []);
  const reset = useCallback(() => setState(emptyCompose()), []);
  return { state, update, setStep, setKey, reset };
}

export type { ComposeDraft, ComposePreview, ComposePreviewRow } from "./compose-rules";
export { toComposeDraft } from "./compose-rules";
