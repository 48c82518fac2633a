import type { Locator, Page } from "playwright-core";

export interface PlacedChar {
  ch: string;
  top: number;
}

/** Every visible character of an element's text, in order, with the top of the line box it sits on. */
export function placedChars(element: Locator): Promise<PlacedChar[]> {
  return element.evaluate((root) => {
    const out: { ch: string; top: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0) out.push({ ch: text[i]!, top: Math.round(rect.top) });
      }
    }
    return out;
  });
}

/** The text of each line, from where the characters' line tops change. */
export function lines(chars: PlacedChar[]): string[] {
  const result: string[] = [];
  let top: number | null = null;
  for (const { ch, top: t } of chars) {
    if (top === null || Math.abs(t - top) > 2) {
      result.push("");
      top = t;
    }
    result[result.length - 1] += ch;
  }
  return result;
}

/** What scrolls sideways: the page, or a table inside its frame (its last columns out of sight). */
export function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide = (e: Element) => e.scrollWidth - e.clientWidth > 1;
    const out: string[] = [];
    if (wide(document.documentElement)) out.push("the page");
    for (const table of document.querySelectorAll("table")) {
      const frame = table.parentElement;
      if (frame && wide(frame)) out.push(`the table ${table.caption?.textContent ?? ""}`.trim());
    }
    return out;
  });
}
