import type { Page } from "playwright-core";

export interface NoticeOptions {
  /** The message's text below its title, where it has one. */
  text?: string;
  /** The accessible name of its icon ("Success", "Error", …). */
  icon?: string;
  timeout?: number;
  /**
   * Closes a toast once checked, with its Dismiss button (as a person would, without moving the focus), where
   * it would sit over the next control: a click there waits for it, and pointing at it pauses its timer.
   */
  dismiss?: boolean;
}

/**
 * Waits for the portal's message `title` and gets it out of the way: a modal message (errors, decisions) is
 * acknowledged with OK; a toast (successes, which never block the page) is checked and left to fade
 * (or closed: `dismiss`).
 */
export async function acknowledge(page: Page, title: string, opts: NoticeOptions | string = {}) {
  const o: NoticeOptions = typeof opts === "string" ? { text: opts } : opts;
  const timeout = o.timeout ?? 15_000;
  const dialog = page.getByRole("alertdialog", { name: title, exact: true });
  const toast = page
    .getByRole("region", { name: /Notifications/ })
    .locator("li")
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();
  await dialog.or(toast).first().waitFor({ timeout });
  const inDialog = await dialog.isVisible();
  const box = inDialog ? dialog : toast;
  if (o.text) await box.getByText(o.text, { exact: true }).waitFor({ timeout });
  if (o.icon) await box.getByRole("img", { name: o.icon, exact: true }).first().waitFor({ timeout });
  if (inDialog) {
    await dialog.getByRole("button", { name: "OK", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
  } else if (o.dismiss) {
    await toast
      .getByRole("button", { name: "Dismiss notification" })
      .dispatchEvent("click", undefined, { timeout: 2_000 })
      .catch(() => undefined); // it faded by itself meanwhile
    await toast.waitFor({ state: "detached", timeout });
  }
}
