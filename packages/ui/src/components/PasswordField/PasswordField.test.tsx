import { PASSWORD_COMPOSITION } from "@herald/domain";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { PasswordField } from "./PasswordField";

// What a story cannot show: a real pointer pressing the button below the field while the field has focus (a
// story's clicks are dispatched on the element, wherever it has moved to).

let container: HTMLDivElement;
let root: Root;
const submitted = vi.fn();

beforeEach(() => {
  submitted.mockClear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  flushSync(() =>
    root.render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted();
        }}
      >
        <PasswordField label="Password" name="password" autoComplete="new-password" />
        <button type="submit">Save</button>
      </form>,
    ),
  );
});

afterEach(() => {
  root.unmount();
  container.remove();
});

describe("PasswordField's rules hint", () => {
  it("stays while the button below is pressed, so the press lands on it; then goes", async () => {
    await userEvent.fill(page.getByLabelText("Password"), "short");
    await expect.element(page.getByText(PASSWORD_COMPOSITION)).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Save" }));
    expect(submitted).toHaveBeenCalledTimes(1);
    await expect.element(page.getByText(PASSWORD_COMPOSITION)).not.toBeVisible();
  });

  it("goes at once when the keyboard moves on", async () => {
    await userEvent.click(page.getByLabelText("Password"));
    await expect.element(page.getByText(PASSWORD_COMPOSITION)).toBeVisible();
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Save" })).toHaveFocus();
    await expect.element(page.getByText(PASSWORD_COMPOSITION)).not.toBeVisible();
  });
});
