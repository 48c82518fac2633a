import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { useDialogs } from "./dialogs";
import GroupAdd from "./routes/contacts/group-add";
import { fakeToken } from "./routes/social/social.mocks";
import { axeViolations, mockApi, renderScreen, unmountScreen } from "./test/render-screen";

const SAVED = "Data Update Successful !";

function Saver() {
  const dialogs = useDialogs();
  return (
    <div>
      <label>
        Name <input aria-label="Name" />
      </label>
      <button type="button" onClick={() => void dialogs.message("success", SAVED)}>
        Save
      </button>
      <button type="button" onClick={() => void dialogs.message("error", "Something went wrong")}>
        Fail
      </button>
    </div>
  );
}

afterEach(() => unmountScreen());

describe("the portal's messages: successes are toasts, errors stay dialogs", () => {
  it("a success shows a toast in the notifications region, announced politely; no dialog, the focus stays", async () => {
    await mockApi([]);
    renderScreen("/", [{ path: "/", Component: Saver }], fakeToken("admin"));
    const save = page.getByRole("button", { name: "Save" });
    await userEvent.click(save);
    await expect.element(save).toHaveFocus();
    const region = page.getByRole("region", { name: /Notifications/ });
    const toast = region.getByRole("listitem").filter({ hasText: "Data Update Successful" });
    await expect.element(toast).toBeVisible();
    await expect.element(toast.getByRole("img", { name: "Success" })).toBeVisible();
    expect(document.querySelector('[role="alertdialog"], [role="dialog"]')).toBeNull();
    // Radix reads the toast out through a polite live region (never assertive for a success)
    await expect
      .poll(() =>
        [...document.querySelectorAll('[aria-live="polite"]')].some((e) =>
          e.textContent?.includes("Data Update Successful"),
        ),
      )
      .toBe(true);
    expect(
      [...document.querySelectorAll('[aria-live="assertive"]')].some((e) =>
        e.textContent?.includes("Data Update Successful"),
      ),
    ).toBe(false);
    // the page goes on: the next field takes typing while the toast is up
    await expect.element(save).toHaveFocus();
    await userEvent.click(page.getByRole("textbox", { name: "Name" }));
    await userEvent.keyboard("Ada");
    await expect.element(page.getByRole("textbox", { name: "Name" })).toHaveValue("Ada");
    expect(await axeViolations()).toEqual([]);
  });

  it("an error still asks to be acknowledged in a dialog", async () => {
    await mockApi([]);
    renderScreen("/", [{ path: "/", Component: Saver }], fakeToken("admin"));
    await userEvent.click(page.getByRole("button", { name: "Fail" }));
    const dialog = page.getByRole("alertdialog", { name: "Something went wrong" });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole("button", { name: "OK" }));
    await expect.element(dialog).not.toBeInTheDocument();
  });
});

describe("a name already taken", () => {
  it("is said once, beside the name field, with no dialog over the form", async () => {
    const TAKEN = "The group name already exists. Please use another name.";
    await mockApi([http.post("/api/addGroup", () => HttpResponse.json({ message: TAKEN }, { status: 422 }))]);
    renderScreen(
      "/contact/group-add",
      [{ path: "/contact/group-add", Component: GroupAdd }],
      fakeToken("admin"),
    );
    const name = page.getByRole("textbox", { name: /Group Name/ });
    await userEvent.fill(name, "VIP");
    await userEvent.click(page.getByRole("button", { name: "Save" }));
    await expect.element(page.getByText(TAKEN)).toBeVisible();
    await new Promise((r) => setTimeout(r, 300));
    expect(document.body.textContent?.split(TAKEN).length).toBe(2);
    expect(document.querySelector('[role="alertdialog"], [role="dialog"]')).toBeNull();
    await expect.element(name).toHaveFocus();
    await expect.element(name).toHaveAttribute("aria-invalid", "true");
  });
});
