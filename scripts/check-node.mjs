// Runs before anything else in `npm start` and `npm run dev` (before turbo and the build), so an older
// Node.js stops with one sentence instead of a stack trace from deep inside a dependency. Written for any
// Node.js version: no syntax or API newer than the oldest release it has to refuse.
// HERALD_NODE_VERSION stands in for the running version (used by the tests).
var version = (process.env.HERALD_NODE_VERSION || process.versions.node).replace(/^v/, "");
var parts = version.split(".");
var major = Number(parts[0]) || 0;
var minor = Number(parts[1]) || 0;
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    "Herald needs Node.js 22.12 or newer (this is Node.js " +
      version +
      "); install Node.js 24 LTS and start it again.",
  );
  process.exit(1);
}
