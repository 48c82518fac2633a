import { Command, CommanderError } from "commander";
import { setUrl } from "./commands/config/set-url";
import { health } from "./commands/server/health";
import { resolveUrl } from "./config";
import { CliError } from "./errors";

export const VERSION = "0.1.0";

/** Declares every command; each action calls a plain async function that tests call directly. */
export function buildProgram(out: (s: string) => void = (s) => process.stdout.write(s)): Command {
  const program = new Command()
    .name("herald")
    .description("Herald from the terminal: imports, broadcasts, top-ups and report exports")
    .version(VERSION)
    .option("--json", "print machine-readable results on stdout and nothing else")
    .exitOverride();

  program
    .command("health")
    .description("check that the server answers and which database it runs on")
    .action(async () => {
      const r = await health();
      if (program.opts().json) out(`${JSON.stringify(r)}\n`);
      else
        out(`${r.url}: ${r.status} (database ${r.database}${r.version ? `, version ${r.version}` : ""})\n`);
    });

  const config = program.command("config").description("where the CLI connects");
  config
    .command("set-url <url>")
    .description("set the server URL (HERALD_URL overrides it)")
    .action(async (url: string) => {
      const saved = await setUrl(url);
      out(program.opts().json ? `${JSON.stringify({ url: saved })}\n` : `Server URL set to ${saved}\n`);
    });
  config
    .command("show")
    .description("print the server URL in use")
    .action(async () => {
      const url = await resolveUrl();
      out(program.opts().json ? `${JSON.stringify({ url })}\n` : `${url}\n`);
    });
  return program;
}

export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; usage errors exit 2 (commander already printed the message)
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(`herald: ${err.message}\n`);
      return err.exitCode;
    }
    process.stderr.write(`herald: ${(err as Error).message}\n`);
    return 1;
  }
}
