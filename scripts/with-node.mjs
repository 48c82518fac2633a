#!/usr/bin/env node
// `npm start` and `npm test` run through this: `node scripts/with-node.mjs <command> [args...]`. With Node.js
// 22.12 or newer it runs the command as it is. With an older Node.js it runs it on Node.js 24 taken from the
// npm registry (the package node-<platform>-<arch>, the official binary, as .ci/run does), downloaded once into
// the user's cache (HERALD_NODE_DIR, else $XDG_CACHE_HOME/herald/node24, ~/.cache/herald/node24), first on
// PATH so that npm, turbo and the server all run on it, and says so in one line. Written for old Node.js
// releases: no syntax or API newer than the ones it has to help.
// For the tests: HERALD_NODE_VERSION, HERALD_NODE_PLATFORM and HERALD_NODE_ARCH stand in for the running
// version, platform and architecture; `--explain` prints the choice as JSON and runs nothing.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

export const MINIMUM = "22.12";
const REGISTRY_MAJOR = 24;

/** Whether a Node.js version ("v20.19.0", "22.12.0") is one Herald runs on. */
export function supported(version) {
  const parts = String(version).replace(/^v/, "").split(".");
  const major = Number(parts[0]) || 0;
  const minor = Number(parts[1]) || 0;
  return major > 22 || (major === 22 && minor >= 12);
}

/** The npm registry's package holding the official Node.js binary for a platform, or undefined. */
export function registryPackage(platform, arch) {
  const os = { linux: "linux", darwin: "darwin", win32: "win" }[platform];
  const cpu = { x64: "x64", arm64: "arm64" }[arch];
  return os && cpu ? `node-${os}-${cpu}` : undefined;
}

/** Where the registry's Node.js is kept: the user's cache directory. */
export function cacheDir(env, platform, home) {
  if (env.HERALD_NODE_DIR) return env.HERALD_NODE_DIR;
  if (platform === "win32")
    return path.join(env.LOCALAPPDATA || path.join(home, "AppData", "Local"), "herald", "node24");
  if (platform === "darwin" && !env.XDG_CACHE_HOME)
    return path.join(home, "Library", "Caches", "herald", "node24");
  return path.join(env.XDG_CACHE_HOME || path.join(home, ".cache"), "herald", "node24");
}

/**
 * Which Node.js runs Herald: this one ("own"), the registry's ("registry", with its package, directory and
 * binary, and whether it is already there), or none ("unsupported", with the sentence to print).
 */
export function chooseNode({ version, platform, arch, env, home, exists }) {
  const v = String(version).replace(/^v/, "");
  if (supported(v)) return { kind: "own", version: v };
  const pkg = registryPackage(platform, arch);
  if (!pkg) {
    return {
      kind: "unsupported",
      version: v,
      message: `Herald needs Node.js ${MINIMUM} or newer (this is Node.js ${v}), and the npm registry has no Node.js for ${platform}-${arch}; install Node.js 24 LTS and start it again.`,
    };
  }
  const dir = cacheDir(env, platform, home);
  const pkgDir = path.join(dir, "node_modules", pkg);
  const binDir = platform === "win32" ? pkgDir : path.join(pkgDir, "bin");
  const binary = path.join(binDir, platform === "win32" ? "node.exe" : "node");
  return { kind: "registry", version: v, pkg, dir, binDir, binary, cached: exists(binary) };
}

function main() {
  const args = process.argv.slice(2);
  const explain = args[0] === "--explain";
  const command = explain ? [] : args;
  const env = process.env;
  const choice = chooseNode({
    version: env.HERALD_NODE_VERSION || process.versions.node,
    platform: env.HERALD_NODE_PLATFORM || process.platform,
    arch: env.HERALD_NODE_ARCH || process.arch,
    env,
    home: homedir(),
    exists: existsSync,
  });
  if (explain) {
    console.log(JSON.stringify(choice));
    return;
  }
  if (command.length === 0) {
    console.error("usage: node scripts/with-node.mjs <command> [args...]");
    process.exit(2);
  }
  // Turbo's anonymous usage report and its banner stay off for every run of the two commands.
  const childEnv = Object.assign({}, env, { TURBO_TELEMETRY_DISABLED: "1" });
  let cmd = command[0];
  if (choice.kind === "unsupported") {
    console.error(choice.message);
    process.exit(1);
  }
  if (choice.kind === "registry") {
    if (!choice.cached) {
      console.error(
        `Node.js ${choice.version} is older than Herald needs (${MINIMUM}+): downloading Node.js ${REGISTRY_MAJOR} once from the npm registry (${choice.pkg}) into ${choice.dir} and running Herald on it.`,
      );
      mkdirSync(choice.dir, { recursive: true });
      const npmCli = env.npm_execpath;
      const install = [
        "install",
        "--prefix",
        choice.dir,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--no-package-lock",
        `${choice.pkg}@${REGISTRY_MAJOR}`,
      ];
      const r =
        npmCli && /\.js$/.test(npmCli)
          ? spawnSync(process.execPath, [npmCli].concat(install), { stdio: ["ignore", "ignore", "inherit"] })
          : spawnSync("npm", install, {
              stdio: ["ignore", "ignore", "inherit"],
              shell: process.platform === "win32",
            });
      if (r.status !== 0 || !existsSync(choice.binary)) {
        console.error(
          `Herald needs Node.js ${MINIMUM} or newer (this is Node.js ${choice.version}) and could not install ${choice.pkg}@${REGISTRY_MAJOR} from the npm registry; install Node.js 24 LTS and start it again.`,
        );
        process.exit(1);
      }
    } else {
      console.error(
        `Node.js ${choice.version} is older than Herald needs (${MINIMUM}+): running Herald on Node.js ${REGISTRY_MAJOR} from the npm registry (${choice.pkg}, kept in ${choice.dir}).`,
      );
    }
    childEnv.PATH = choice.binDir + path.delimiter + (env.PATH || "");
    // Native addons built during the run use the headers of the Node.js they run on.
    childEnv.npm_config_nodedir = path.dirname(choice.binDir);
    if (cmd === "node") cmd = choice.binary;
  } else if (cmd === "node") {
    cmd = process.execPath;
  }
  const child = spawn(cmd, command.slice(1), {
    stdio: "inherit",
    env: childEnv,
    shell: process.platform === "win32" && cmd !== choice.binary && cmd !== process.execPath,
  });
  // Ctrl-C reaches the whole process group; a TERM sent to this process alone is passed on, so the server
  // still shuts down gracefully.
  const forward = (signal) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on("SIGINT", () => {});
  process.on("SIGTERM", forward("SIGTERM"));
  process.on("SIGHUP", forward("SIGHUP"));
  child.on("exit", (code, signal) => process.exit(code === null ? (signal === "SIGINT" ? 130 : 1) : code));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main();
