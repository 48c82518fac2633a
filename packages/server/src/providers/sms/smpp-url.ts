export interface SmppSettings {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  /** Maximum unacknowledged submit_sm. */
  window: number;
}

/** Reads `smpp://system_id:password@host:2775?system_type=XYZ&window=10`. Throws on anything else. */
export function parseSmppUrl(url: string): SmppSettings {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`SMPP_URL must be a URL like smpp://user:password@host:2775, got "${url}"`);
  }
  if (u.protocol !== "smpp:") throw new Error(`SMPP_URL must start with smpp://, got "${u.protocol}//"`);
  if (!u.hostname) throw new Error("SMPP_URL needs a host");
  if (!u.username) throw new Error("SMPP_URL needs the system_id as user (smpp://system_id:password@host)");
  const windowRaw = u.searchParams.get("window");
  const window = windowRaw === null || windowRaw === "" ? 10 : Number(windowRaw);
  if (!Number.isInteger(window) || window < 1 || window > 1000) {
    throw new Error(`SMPP_URL window must be an integer between 1 and 1000, got "${windowRaw}"`);
  }
  return {
    host: u.hostname.replace(/^\[|\]$/g, ""),
    port: u.port ? Number(u.port) : 2775,
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    systemType: u.searchParams.get("system_type") ?? "",
    window,
  };
}
