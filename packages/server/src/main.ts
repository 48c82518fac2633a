#!/usr/bin/env -S node --max-semi-space-size=8 --max-old-space-size=256
// The V8 flags above (the one place they are set; `npm start` runs this file through them): the server's live
// heap is about 60 MB, but on a machine with a lot of memory V8 lets garbage grow to ~500 MB before it collects
// (a 64 MB young generation, an old generation allowed to reach several GB). With a small young generation and
// an old-generation cap V8 collects sooner, so a million-row import peaks near 220 MB instead of ~490 MB for
// ~8% of its speed (bench/contacts-import.ts). Raise --max-old-space-size by running
// `node --max-old-space-size=N packages/server/dist/main.js` when a deployment needs more.
// Only the version check is imported statically: on an older Node.js the process stops with one sentence
// before any dependency is loaded.
import type { Config } from "./config";
import { nodeVersionProblem } from "./node-version";

async function main() {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const { buildApp } = await import("./app");
  const { ConfigError, exposureWarning, loadConfig } = await import("./config");
  const { seedDemo } = await import("./seed/demo");

  const args = process.argv.slice(2);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  if (args[0] === "company") {
    // Operator commands on the configured database: `company list`, `company set-user-limit COMPANY N`.
    const { runCompanyCommand } = await import("./modules/admin/company.command");
    process.exit(await runCompanyCommand(config, args.slice(1)));
  }
  if (args[0] === "operator") {
    // The operator console's accounts: `operator create EMAIL` prints a one-time sign-in link.
    const { runOperatorCommand } = await import("./modules/operator/operator.command");
    process.exit(await runOperatorCommand(config, args.slice(1)));
  }
  if (args[0] === "worker") {
    // A worker process: the job queue without the HTTP listener.
    const app = await buildApp({ config: { ...config, runWorkers: true } });
    app.log.info("worker started");
    installShutdown(async () => app.close());
    return;
  }
  const app = await buildApp({ config });
  if (config.seedDemo) {
    const demo = await seedDemo(app.deps);
    if (demo) {
      const line = "─".repeat(64);
      // The operator console next to the demo company: a demo operator's one-time link (codes go to the sandbox).
      const { issueOperatorLink } = await import("./modules/operator/accounts.service");
      const operator = await issueOperatorLink(app.deps.database, config, "operator@herald.local", {
        type: "system",
        label: "Demo set-up",
      });
      console.log(
        `\n${line}\n Demo company "${demo.companyName}" created. Sign in as the owner admin:\n   e-mail:   ${demo.email}\n   password: ${demo.password}\n (printed once; other demo users share the same password)\n\n Operator console: open this one-time link (24 hours) to set the demo operator's password\n   ${operator.link}\n (new links: herald-server operator create operator@herald.local, with the server stopped)\n${line}\n`,
      );
    }
  }
  await app.listen({ port: config.port, host: config.host });
  // One address to open, the one links in e-mail and payment returns use: HERALD_PUBLIC_URL (by default
  // http://localhost:PORT); where it differs from the socket, the socket is said too.
  const address = app.server.address();
  const port = address && typeof address === "object" ? address.port : config.port;
  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const listening = `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
  console.log(
    `Herald is running on ${config.publicUrl} (${listening === config.publicUrl ? "" : `listening on ${listening}; `}database: ${app.deps.database.kind})`,
  );
  if (config.env !== "production") console.log(`Sandbox mailbox: ${config.publicUrl}/_sandbox`);
  const warning = exposureWarning(config);
  if (warning) console.warn(warning);
  installShutdown(async () => app.close());
}
function installShutdown(close: () => Promise<void>) {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
