import ora, { type Ora } from "ora";
import { count } from "./format";

/** One line of progress: a spinner redrawn in place on a terminal, plain lines (at most every few seconds) otherwise. */
export interface Progress {
  update(text: string): void;
  stop(): void;
}

export function progressLine(opts: {
  tty: boolean;
  quiet?: boolean;
  stream?: NodeJS.WritableStream;
  everyMs?: number;
}): Progress {
  const stream = opts.stream ?? process.stderr;
  if (opts.quiet) return { update() {}, stop() {} };
  const columns = (stream as NodeJS.WriteStream).columns ?? 0;
  if (opts.tty && columns <= 0) {
    // a terminal that does not tell its width (ora would clear lines without end): one line redrawn with \r
    let shown = false;
    return {
      update(text) {
        shown = true;
        stream.write(`\r\x1b[2K${text}`);
      },
      stop() {
        if (shown) stream.write("\r\x1b[2K");
        shown = false;
      },
    };
  }
  if (opts.tty) {
    let spinner: Ora | undefined;
    return {
      update(text) {
        if (!spinner) spinner = ora({ text, stream, discardStdin: false }).start();
        else spinner.text = text;
      },
      stop() {
        spinner?.stop();
        spinner = undefined;
      },
    };
  }
  let last = 0;
  let lastText = "";
  const every = opts.everyMs ?? 2000;
  return {
    update(text) {
      const now = Date.now();
      if (text === lastText || now - last < every) return;
      last = now;
      lastText = text;
      stream.write(`${text}\n`);
    },
    stop() {},
  };
}

export { count } from "./format";

/** "1m 05s", "42s", "2h 03m". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/** "12,000 of about 100,000 rows, 5,400 rows/s, about 16s left" (the parts that are known). */
export function importProgressText(p: {
  rowsDone: number;
  rowsTotal: number | null;
  estimatedTotal: number | null;
  rate: number | null;
}): string {
  const total = p.rowsTotal ?? p.estimatedTotal;
  const parts = [
    total
      ? `${count(p.rowsDone)} of ${p.rowsTotal ? "" : "about "}${count(Math.max(total, p.rowsDone))} rows`
      : `${count(p.rowsDone)} rows`,
  ];
  if (p.rate !== null && p.rate > 0) {
    parts.push(`${count(Math.round(p.rate))} rows/s`);
    if (total && total > p.rowsDone) parts.push(`about ${duration((total - p.rowsDone) / p.rate)} left`);
  }
  return `Importing: ${parts.join(", ")}`;
}
