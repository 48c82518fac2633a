/**
 * SMS segment counting throughput (`npm run bench -- sms-segments`): `countSms` (packages/domain, the one
 * function behind the portal counter, billing and the SMPP splitter) over a mixed corpus of BENCH_SEGMENT_TEXTS
 * messages (default 20,000: plain GSM-7 of every length up to 480, GSM-7 with extension characters, UCS-2
 * scripts and emoji, single and multi-part), in messages per second beside `Buffer.byteLength(text, "utf8")` of
 * the same strings (a native one-pass scan of each string, the floor of any per-character work) measured in the
 * same run. Prints the ratio countSms / byteLength (goal >= 0.2) and exits 1 below it.
 */
import { countSms } from "../packages/domain/src/sms";

const TEXTS = Number(process.env.BENCH_SEGMENT_TEXTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const GOAL = 0.2;

const gsmWords = [
  "Hello",
  "your",
  "code",
  "is",
  "ready",
  "at",
  "the",
  "counter",
  "Reply",
  "STOP",
  "to",
  "opt",
  "out",
];
const kinds = [
  (i: number) => gsmWords.slice(0, 1 + (i % gsmWords.length)).join(" "),
  (i: number) => `Dear customer ${i}, ${"your parcel is on its way. ".repeat(1 + (i % 16))}`,
  (i: number) => `Promo {${i}} [50% off] ~ only €${i % 100} | ^today^ \\ ${"x".repeat(i % 300)}`,
  (i: number) => `您好，您的验证码是 ${i}。${"请勿泄露。".repeat(i % 30)}`,
  (i: number) => `Здравствуйте! Ваш код ${i}. ${"Спасибо. ".repeat(i % 20)}`,
  (i: number) => `Party tonight 🎉🎉 at ${i % 24}:00 ${"🍕".repeat(i % 70)} see you 😀`,
  (i: number) => `Mixed: café ñ ü à ${i} ${"Ελληνικά ".repeat(i % 12)}`,
];
const corpus = Array.from({ length: TEXTS }, (_, i) => kinds[i % kinds.length]!(i));

function rate(fn: (s: string) => number): { perSecond: number; check: number } {
  let check = 0;
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    for (const s of corpus) check += fn(s);
    times.push(performance.now() - started);
  }
  const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  return { perSecond: (corpus.length / ms) * 1000, check };
}

// warm-up of both (compiled before timing)
rate((s) => countSms(s).segments);
rate((s) => Buffer.byteLength(s, "utf8"));
const counted = rate((s) => countSms(s).segments);
const reference = rate((s) => Buffer.byteLength(s, "utf8"));
const encodings = corpus.reduce(
  (n, s) => {
    const c = countSms(s);
    n[c.encoding]++;
    n.segments += c.segments;
    return n;
  },
  { gsm7: 0, ucs2: 0, segments: 0 },
);
const chars = corpus.reduce((n, s) => n + s.length, 0);
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
console.log(
  `corpus: ${fmt(corpus.length)} messages (${fmt(encodings.gsm7)} GSM-7, ${fmt(encodings.ucs2)} UCS-2; ${fmt(encodings.segments)} segments; ${(chars / corpus.length).toFixed(0)} UTF-16 units on average)`,
);
console.log(`  countSms:                     ${fmt(counted.perSecond).padStart(11)} messages/s`);
console.log(`  Buffer.byteLength (utf8):     ${fmt(reference.perSecond).padStart(11)} messages/s`);
const ratio = counted.perSecond / reference.perSecond;
console.log(`  ratio countSms / byteLength: ${ratio.toFixed(2)} (goal >= ${GOAL})`);
if (ratio < GOAL) {
  console.error(`segment counting ratio ${ratio.toFixed(2)} is under ${GOAL}`);
  process.exit(1);
}
