// Finds Chromium for the browser tests: CHROME_PATH, then /usr/bin/chromium. When none exists and we run as
// root on Debian, installs Debian's package; otherwise fails with the exact command to run.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export function ensureChromium() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium"].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const debian = existsSync("/etc/debian_version") || /debian/i.test(safeRead("/etc/os-release"));
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (debian && root) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get install -y chromium) ...");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "Chromium is needed for the browser tests and was not found.\n" +
      "Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
      "or point CHROME_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

function safeRead(p) {
  try {
    return readFileSync(p, "utf8");
  } catch {
    return "";
  }
}
