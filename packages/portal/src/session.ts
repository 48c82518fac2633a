/** The session token lives in local storage under `userToken`, as the specification describes. */
export const TOKEN_KEY = "userToken";

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};
export const setToken = (token: string) => {
  localStorage.setItem(TOKEN_KEY, token);
  resetSessionEnded();
};
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

export interface TokenPayload {
  role: string | null;
  user_id: string | null;
  exp: number | null;
}

/** Decodes (does not verify) the JWT payload: the server verifies every call. */
export function decodeToken(token: string | null): TokenPayload | null {
  if (!token) return null;
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const p = JSON.parse(json) as Partial<TokenPayload>;
    return {
      role: p.role ?? null,
      user_id: p.user_id ?? null,
      exp: typeof p.exp === "number" ? p.exp : null,
    };
  } catch {
    return null;
  }
}

export const isExpired = (p: TokenPayload | null, now = Date.now()) =>
  !p || (p.exp !== null && p.exp * 1000 <= now);

/** The signed-in user's role from the token, or null without a valid session. */
export function currentRole(): string | null {
  const p = decodeToken(getToken());
  return isExpired(p) ? null : (p?.role ?? null);
}

type Listener = () => void;
const expiredListeners = {
  list: new Set<Listener>(),
  shown: false,
  /** A listener has been told of the refusal. */
  told: false,
  /** The token the server refused. */
  token: null as string | null,
};

/** Raised once per session when the token expires or the server refuses it (401). */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.list.add(listener);
  // A refusal that came before anyone listened (a page load's first calls start before the page renders)
  // is told to the first listener.
  if (expiredListeners.shown && !expiredListeners.told && expiredListeners.token === getToken()) {
    queueMicrotask(() => {
      if (expiredListeners.told || !expiredListeners.list.has(listener)) return;
      expiredListeners.told = true;
      listener();
    });
  }
  return () => expiredListeners.list.delete(listener);
}
export function raiseSessionExpired() {
  if (expiredListeners.shown) return;
  expiredListeners.shown = true;
  expiredListeners.token = getToken();
  if (expiredListeners.list.size > 0) expiredListeners.told = true;
  for (const l of expiredListeners.list) l();
}

/** True once the current token has been refused: no further call is sent with it. */
export const sessionEnded = (token: string | null = getToken()) =>
  expiredListeners.shown && token !== null && token === expiredListeners.token;

/** A new session starts (sign-in here or in another tab): calls may be sent again. */
export function resetSessionEnded() {
  expiredListeners.shown = false;
  expiredListeners.told = false;
  expiredListeners.token = null;
}

/** What a change of the token in another tab means for this one. */
export type TokenChange = "signed-out" | "switched-user" | "renewed";

/** Classifies a change of `userToken` made by another tab (the `storage` event). */
export function tokenChange(oldValue: string | null, newValue: string | null): TokenChange | null {
  if (oldValue === newValue) return null;
  if (!newValue) return "signed-out";
  const before = decodeToken(oldValue)?.user_id ?? null;
  const after = decodeToken(newValue)?.user_id ?? null;
  return before !== null && before === after ? "renewed" : "switched-user";
}

/** Calls `listener` when another tab signs out, signs in as someone else, or renews the session. */
export function onTokenChangedElsewhere(listener: (change: TokenChange) => void): () => void {
  const handler = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const change = tokenChange(event.key === null ? getLastSeenToken() : event.oldValue, getToken());
    lastSeen = getToken();
    if (change) listener(change);
  };
  lastSeen = getToken();
  window.addEventListener("storage", handler);
  return () => window.removeEventListener("storage", handler);
}
let lastSeen: string | null = null;
const getLastSeenToken = () => lastSeen;

/** Default refresh of the header's live figures (notifications, credit, profile) while the tab is visible. */
export const POLL_MS = 30_000;
/** Local storage knob for a shorter (or longer) refresh, e.g. in browser tests; at least one second. */
export const POLL_KEY = "herald.pollMs";

export function pollInterval(): number {
  try {
    const raw = localStorage.getItem(POLL_KEY);
    const ms = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(ms) && ms >= 1000 ? ms : POLL_MS;
  } catch {
    return POLL_MS;
  }
}
