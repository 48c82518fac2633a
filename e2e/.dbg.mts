import { chromium } from "playwright-core";

const url = "http://127.0.0.1:4517";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url + "/login");
await page.waitForTimeout(1500);
console.log(
  await page
    .locator("main")
    .innerHTML()
    .catch((e) => String(e)),
);
for (const l of ["E-mail", "Password"])
  console.log(
    l,
    await page.getByLabel(l, { exact: true }).count(),
    await page.getByRole("textbox", { name: l, exact: true }).count(),
  );
await page.goto(url + "/auths/auth-register");
await page.waitForTimeout(1500);
const cb = page.getByRole("checkbox", { name: /I agree/ });
console.log("cb", await cb.count(), await cb.getAttribute("aria-checked"));
await cb.click();
await page.waitForTimeout(300);
console.log(
  "cb after",
  await cb.getAttribute("aria-checked"),
  await page.getByRole("button", { name: "Sign up" }).isDisabled(),
);
await page.screenshot({ path: "/tmp/herald-dbg/register.png", fullPage: true });
await browser.close();
