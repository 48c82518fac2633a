/** The oldest Node.js the server runs on (the same rule as scripts/check-node.mjs, which runs before the build). */
export const MINIMUM_NODE = [22, 12] as const;

/** One sentence telling the operator to upgrade, or undefined when `version` (e.g. "22.12.0") is recent enough. */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Herald needs Node.js ${needMajor}.${needMinor} or newer (this is Node.js ${version.replace(/^v/, "")}); install Node.js 24 LTS and start it again.`;
}
