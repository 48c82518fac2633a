import { chromium } from "playwright-core";

const url = "http://127.0.0.1:4517";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url + "/auths/auth-register");
const cb = page.getByRole("checkbox", { name: /I agree/ });
await cb.waitFor();
console.log(await cb.evaluate((el) => el.outerHTML));
const box = await cb.boundingBox();
console.log(box);
console.log(
  await page.evaluate(
    ({ x, y }) => {
      const e = document.elementFromPoint(x, y);
      return e?.outerHTML.slice(0, 200);
    },
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  ),
);
await cb.evaluate((el) => (el as HTMLElement).click());
await page.waitForTimeout(300);
console.log("after js click", await cb.getAttribute("aria-checked"));
await page.keyboard.press("Tab");
await cb.focus();
await page.keyboard.press("Space");
await page.waitForTimeout(300);
console.log("after space", await cb.getAttribute("aria-checked"));
await browser.close();
