import { decodeToken, isExpired } from "./session";

/**
 * The operator's session: its token lives in local storage under `operatorToken`, apart from a company user's
 * `userToken`. The two never mix: the api client sends each to its own calls (api-area.ts), and signing in or
 * out of one leaves the other as it is.
 */
export const OPERATOR_TOKEN_KEY = "operatorToken";

export const getOperatorToken = (): string | null => {
  try {
    return localStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null;
  }
};
export const setOperatorToken = (token: string) => {
  localStorage.setItem(OPERATOR_TOKEN_KEY, token);
  resetOperatorSessionEnded();
};
export const clearOperatorToken = () => {
  try {
    localStorage.removeItem(OPERATOR_TOKEN_KEY);
  } catch {
    /* storage unavailable */
  }
};

/**
 * True when the token is present and not known to be expired. A token whose payload cannot be read is taken as
 * valid until the server refuses it.
 */
export function operatorTokenUsable(token: string | null, now = Date.now()): boolean {
  if (!token) return false;
  const payload = decodeToken(token);
  if (!payload || payload.exp === null) return true;
  return !isExpired(payload, now);
}

/** A usable operator session is in this browser. */
export const hasOperatorSession = () => operatorTokenUsable(getOperatorToken());

type Listener = () => void;
const ended = { listeners: new Set<Listener>(), shown: false, token: null as string | null };

/** Raised once per token when it expires or the server refuses it (401 on an operator call). */
export function onOperatorSessionEnded(listener: Listener): () => void {
  ended.listeners.add(listener);
  return () => ended.listeners.delete(listener);
}
export function raiseOperatorSessionEnded() {
  if (ended.shown) return;
  ended.shown = true;
  ended.token = getOperatorToken();
  for (const l of ended.listeners) l();
}
/** True once the current operator token has been refused: no further call is sent with it. */
export const operatorSessionEnded = (token: string | null = getOperatorToken()) =>
  ended.shown && token !== null && token === ended.token;
export function resetOperatorSessionEnded() {
  ended.shown = false;
  ended.token = null;
}

/** What another tab did to the operator's session. */
export type OperatorTokenChange = "signed-out" | "signed-in";

/** Classifies a change of `operatorToken` made by another tab. */
export function operatorTokenChange(
  oldValue: string | null,
  newValue: string | null,
): OperatorTokenChange | null {
  if (oldValue === newValue) return null;
  return newValue ? "signed-in" : "signed-out";
}

/** Calls `listener` when another tab signs the operator out, or in (as the same or another operator). */
export function onOperatorTokenChangedElsewhere(listener: (change: OperatorTokenChange) => void): () => void {
  let last = getOperatorToken();
  const handler = (event: StorageEvent) => {
    if (event.key !== OPERATOR_TOKEN_KEY && event.key !== null) return;
    const now = getOperatorToken();
    const change = operatorTokenChange(event.key === null ? last : event.oldValue, now);
    last = now;
    if (change) {
      resetOperatorSessionEnded();
      listener(change);
    }
  };
  window.addEventListener("storage", handler);
  return () => window.removeEventListener("storage", handler);
}
