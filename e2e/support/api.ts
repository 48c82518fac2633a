/** Small helpers for journeys: call the API and read the sandbox mailbox of a running server. */
export async function apiPost<T = unknown>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

export interface SandboxMessage {
  kind: "email" | "sms";
  to: string;
  subject: string | null;
  text: string;
  links: string[];
  createdAt: string;
}

/** Waits for the newest sandbox message to `to` created after `since`. */
export async function waitForMessage(
  base: string,
  to: string,
  since = 0,
  timeoutMs = 20_000,
): Promise<SandboxMessage> {
  const start = Date.now();
  for (;;) {
    const list = (await (await fetch(`${base}/_sandbox/messages.json`)).json()) as SandboxMessage[];
    const hit = list.find((m) => m.to === to && Date.parse(m.createdAt) >= since);
    if (hit) return hit;
    if (Date.now() - start > timeoutMs) throw new Error(`no message to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The demo owner's credentials as `npm start` prints them. */
export function demoCredentials(output: string): { email: string; password: string } {
  const email = /e-mail:\s+(\S+)/.exec(output)?.[1];
  const password = /password:\s+(\S+)/.exec(output)?.[1];
  if (!email || !password) throw new Error(`no demo credentials in:\n${output}`);
  return { email, password };
}

export async function signInByApi(base: string, email: string, password: string): Promise<string> {
  const r = await apiPost<{ code: number; jwttoken: string; message: string }>(base, "/login", {
    email,
    password,
  });
  if (r.status !== 200 || r.body.code !== 1)
    throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.jwttoken;
}
