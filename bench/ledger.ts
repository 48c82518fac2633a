/**
 * The ledger on one hot balance: deductions per second through `charge` (user -> usage: the conditional
 * update of the user's balance, the ledger transaction and its two entries, in one statement) beside a bare
 * conditional-UPDATE loop (`update users set credit_cents = credit_cents - 1 where … and credit_cents >= 1`)
 * on the same row of the same PostgreSQL in the same run, with the same concurrency. `deduct` (user ->
 * company, two hot rows) is printed for information. Goal: ledger / bare >= 0.7.
 *
 * Where the ledger's time goes: the row lock on the hot balance is held from its update to the commit, so
 * `ledger_move` writes the transaction row and the entries (13 heap and index writes, their foreign-key
 * checks) before it updates the balance, and checks the entry's user at commit; what is left in the lock is
 * about what the bare loop holds. With the client on the same few cores the run is then bound by CPU: the
 * server's work for those writes and the client's for one call (a named statement, no SQL built per call).
 *
 * PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a database of its
 * own is created and dropped. BENCH_SECONDS (default 6) per side, measured in BENCH_ROUNDS (default 6)
 * alternating slices (ABBA order, so that a change of the machine's load weighs on both sides alike);
 * BENCH_CONCURRENCY (default 4).
 */
import { benchDatabase, postgresUrl } from "./support/bench-kit";

const GOAL = 0.7;
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Each side is measured for `seconds` in total, in `rounds` alternating slices. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const slice = seconds / rounds;

/** Calls `op` from `concurrency` loops for `secs` seconds; answers operations per second. */
async function rate(op: () => Promise<unknown>, secs: number): Promise<number> {
  let done = 0;
  const until = performance.now() + secs * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await op();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function main() {
  const base = await postgresUrl();
  if (!base) {
    console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
    return;
  }
  const bench = await benchDatabase(base, "herald_bench_ledger");
  let ok = true;
  try {
    const { openDatabase, runMigrations } = await import("../packages/server/src/db/client");
    const { companies, users } = await import("../packages/server/src/db/schema");
    const { charge, deduct, purchaseCredit, allocate } = await import(
      "../packages/server/src/modules/credit/ledger"
    );
    const database = await openDatabase({ databaseUrl: bench.url, dataDir: bench.dir });
    try {
      await runMigrations(database);
      const [company] = await database.db.insert(companies).values({ name: "Bench Co" }).returning();
      const companyId = company!.id;
      const make = async (n: number) => {
        const [u] = await database.db
          .insert(users)
          .values({
            companyId,
            firstName: "Bench",
            lastName: `User ${n}`,
            email: `bench.ledger.${n}.${process.pid}@example.com`,
            passwordHash: "x",
            userRole: "agent",
            emailVerifiedAt: new Date(),
          })
          .returning();
        return u!.id;
      };
      const [hot, bareUser] = [await make(1), await make(2)];
      await purchaseCredit(database.db, { companyId, amountCents: 2_000_000_000 });
      await allocate(database.db, { companyId, userId: hot, amountCents: 1_000_000_000 });
      await database.query("update users set credit_cents = 1000000000 where id = $1", [bareUser]);
      const bare = () =>
        database.query(
          "update users set credit_cents = credit_cents - 1 where id = $1 and company_id = $2 and credit_cents >= 1",
          [bareUser, companyId],
        );
      const viaLedger = () => charge(database.db, { companyId, userId: hot, amountCents: 1 });
      const viaDeduct = () => deduct(database.db, { companyId, userId: hot, amountCents: 1 });
      // Warm up both paths (connections, plans), then measure them in short alternating slices (ABBA
      // order) so that a change of the machine's load during the run weighs on both sides alike.
      await rate(bare, 1);
      await rate(viaLedger, 1);
      const bareRates: number[] = [];
      const ledgerRates: number[] = [];
      for (let i = 0; i < rounds; i++) {
        if (i % 2 === 0) {
          bareRates.push(await rate(bare, slice));
          ledgerRates.push(await rate(viaLedger, slice));
        } else {
          ledgerRates.push(await rate(viaLedger, slice));
          bareRates.push(await rate(bare, slice));
        }
      }
      const deductRate = await rate(viaDeduct, seconds / 2);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const b = mean(bareRates);
      const l = mean(ledgerRates);
      const ratio = l / b;
      console.log(
        `\nPostgreSQL, one hot balance, ${concurrency} concurrent loops, ${seconds} s per side in ${rounds} alternating slices:`,
      );
      console.log(`  bare conditional UPDATE   ${b.toFixed(0).padStart(8)} /s`);
      console.log(
        `  ledger charge             ${l.toFixed(0).padStart(8)} /s   ratio ${ratio.toFixed(2)} (goal >= ${GOAL})`,
      );
      console.log(
        `  ledger deduct (2 rows)    ${deductRate.toFixed(0).padStart(8)} /s   ratio ${(deductRate / b).toFixed(2)} (information)`,
      );
      const { audit } = await import("../packages/server/src/modules/credit/ledger");
      const a = await audit(database.db, companyId);
      // The bare loop's user was funded without entries: only the hot user is compared with its entries.
      const [h] = await database.query<{ credit_cents: number }>(
        "select credit_cents from users where id = $1",
        [hot],
      );
      const [sum] = await database.query<{ s: number | string }>(
        "select coalesce(sum(amount_cents), 0) as s from ledger_entries where user_id = $1 and account = 'user'",
        [hot],
      );
      if (a.unbalancedTransactions !== 0 || Number(h!.credit_cents) !== Number(sum!.s)) {
        console.error("FAIL the hot balance does not equal the sum of its entries");
        ok = false;
      }
      if (ratio < GOAL) {
        console.error(`FAIL ledger / bare = ${ratio.toFixed(2)} (goal ${GOAL})`);
        ok = false;
      }
    } finally {
      await database.close();
    }
  } finally {
    await bench.drop();
  }
  if (!ok) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
