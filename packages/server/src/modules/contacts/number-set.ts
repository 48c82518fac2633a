/**
 * A set of positive whole numbers below 2^53 (E.164 numbers as numbers) in one Float64Array with open
 * addressing: 16 bytes per number at most, against about 50 for a `Set<number>` of numbers past 2^31, so
 * the duplicate check of a million-row import stays small.
 */
export class NumberSet {
  private slots = new Float64Array(1 << 16);
  private count = 0;

  get size(): number {
    return this.count;
  }

  private static hash(n: number): number {
    const lo = n % 0x80000000;
    const hi = Math.floor(n / 0x80000000);
    return Math.imul(lo ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> 0;
  }

  /** Adds `n` (> 0); false when it was already there. */
  add(n: number): boolean {
    if (!(n > 0) || !Number.isSafeInteger(n)) throw new RangeError("NumberSet holds positive safe integers");
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    const mask = this.slots.length - 1;
    let i = NumberSet.hash(n) & mask;
    for (;;) {
      const v = this.slots[i]!;
      if (v === 0) {
        this.slots[i] = n;
        this.count += 1;
        return true;
      }
      if (v === n) return false;
      i = (i + 1) & mask;
    }
  }

  has(n: number): boolean {
    const mask = this.slots.length - 1;
    let i = NumberSet.hash(n) & mask;
    for (;;) {
      const v = this.slots[i]!;
      if (v === 0) return false;
      if (v === n) return true;
      i = (i + 1) & mask;
    }
  }

  private grow() {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.count = 0;
    for (const v of old) if (v !== 0) this.add(v);
  }
}
