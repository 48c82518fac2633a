import { MOBILE_FILE_TOO_LARGE, MOBILE_UPLOAD_MAX_BYTES } from "@herald/domain";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { FileDrop } from "./FileDrop";

const csv = (name = "numbers.csv", bytes = 1200) => new File(["x".repeat(bytes)], name, { type: "text/csv" });

/** Drags a file onto the drop area the way a browser does: enter, over, drop. */
function dropFile(zone: HTMLElement, file: File) {
  const dataTransfer = new DataTransfer();
  dataTransfer.items.add(file);
  for (const type of ["dragenter", "dragover", "drop"]) {
    zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
  }
}

const meta = {
  title: "Forms/FileDrop",
  component: FileDrop,
  args: {
    label: "Upload file",
    name: "file",
    accept: ".csv,.xlsx",
    maxSize: MOBILE_UPLOAD_MAX_BYTES,
    sizeError: MOBILE_FILE_TOO_LARGE,
    hint: "CSV or XLSX, up to 70 KB",
    onFileChange: fn(),
    onReject: fn(),
  },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard: Tab to "Browse files", Enter opens the file chooser; the chosen file is listed. */
export const Playground: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const browse = canvas.getByRole("button", { name: "Browse files" });
    await expect(browse).toHaveAccessibleDescription("CSV or XLSX, up to 70 KB");
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("file input missing");
    let chooserOpened = 0;
    const countClick = (event: Event) => {
      event.preventDefault(); // a test cannot use the OS dialog
      chooserOpened += 1;
    };
    input.addEventListener("click", countClick);
    await userEvent.tab();
    await expect(browse).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard(" ");
    await expect(chooserOpened).toBe(2);
    input.removeEventListener("click", countClick);
    await userEvent.upload(input, csv());
    await expect(args.onFileChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: "numbers.csv" }),
    );
    await expect(canvas.getByText("numbers.csv")).toBeVisible();
    await expect(canvas.getByText("1.2 KB")).toBeVisible();
  },
};

/** Dropping a file on the area chooses it. */
export const DragAndDrop: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    dropFile(canvas.getByTestId("file-drop-zone"), csv("contacts.xlsx"));
    await expect(await canvas.findByText("contacts.xlsx")).toBeVisible();
    await expect(args.onFileChange).toHaveBeenCalledOnce();
  },
};

/** A type outside `accept` is refused with the message from props. */
export const UnsupportedType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    dropFile(canvas.getByTestId("file-drop-zone"), new File(["png"], "photo.png", { type: "image/png" }));
    await expect(await canvas.findByText("Unsupported file type")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Browse files" })).toHaveAccessibleDescription(
      "Unsupported file type CSV or XLSX, up to 70 KB",
    );
    await expect(args.onReject).toHaveBeenCalledWith(expect.any(File), "type", "Unsupported file type");
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

/** A file over `maxSize` (71680 bytes) is refused with the spec's message. */
export const TooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    dropFile(canvas.getByTestId("file-drop-zone"), csv("big.csv", MOBILE_UPLOAD_MAX_BYTES + 1));
    await expect(await canvas.findByText("File size cannot be greater than 70KB !")).toBeVisible();
    await expect(args.onReject).toHaveBeenCalledWith(expect.any(File), "size", MOBILE_FILE_TOO_LARGE);
    dropFile(canvas.getByTestId("file-drop-zone"), csv("ok.csv", MOBILE_UPLOAD_MAX_BYTES));
    await expect(await canvas.findByText("ok.csv")).toBeVisible();
    await expect(canvas.queryByText("File size cannot be greater than 70KB !")).toBeNull();
  },
};

/** Upload progress from the caller, and a labelled remove button. */
export const UploadProgress: Story = {
  tags: ["screenshot"],
  parameters: { screenshot: { widths: [420] } },
  args: { file: csv("subscribers.csv", 45_000), progress: 45 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole("progressbar", { name: "Uploading subscribers.csv" });
    await expect(bar).toHaveAttribute("aria-valuenow", "45");
    await expect(canvas.getByText("45%")).toBeVisible();
  },
};

export const Uploaded: Story = {
  args: { file: csv("subscribers.csv", 45_000), progress: 100 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Uploaded")).toBeVisible();
  },
};

/** Remove with the keyboard: the file goes, the caller hears null. */
export const RemoveFile: Story = {
  render: function Render(args) {
    const [file, setFile] = useState<File | null>(csv("numbers.csv"));
    return (
      <FileDrop
        {...args}
        file={file}
        onFileChange={(next) => {
          setFile(next);
          args.onFileChange?.(next);
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Remove file numbers.csv" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onFileChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByText("numbers.csv")).toBeNull();
  },
};

export const WithError: Story = {
  args: { required: true, error: "Default Columns Not Found" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Browse files" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Browse files" })).toBeDisabled();
    dropFile(canvas.getByTestId("file-drop-zone"), csv());
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};
