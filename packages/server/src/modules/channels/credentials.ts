/**
 * Channel secrets at rest: AES-256-GCM with the key of HERALD_CHANNEL_KEY (config.channelKey), a fresh 96-bit IV
 * per value and the channel id as additional data (a value copied onto another row does not decrypt). Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. Nothing decrypted ever leaves the server.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export function encryptSecret(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ["v1", iv.toString("base64url"), tag.toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptSecret(key: Buffer, stored: string, aad: string): string {
  const [v, iv, tag, ct] = stored.split(".");
  if (v !== "v1" || !iv || !tag || ct === undefined) throw new Error("unreadable channel secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

export const encryptCredentials = (key: Buffer, channelId: string, creds: Record<string, string>) =>
  encryptSecret(key, JSON.stringify(creds), `channel:${channelId}`);

export function decryptCredentials(
  key: Buffer,
  channelId: string,
  stored: string | null,
): Record<string, string> {
  if (!stored) return {};
  return JSON.parse(decryptSecret(key, stored, `channel:${channelId}`)) as Record<string, string>;
}
