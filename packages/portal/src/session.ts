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
  expiredListeners.shown = false;
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
const expiredListeners = { list: new Set<Listener>(), shown: false };

/** Raised once per session when the token expires or the server refuses it (401). */
export function onSessionExpired(listener: Listener): () => void {
  expiredListeners.list.add(listener);
  return () => expiredListeners.list.delete(listener);
}
export function raiseSessionExpired() {
  if (expiredListeners.shown) return;
  expiredListeners.shown = true;
  for (const l of expiredListeners.list) l();
}
