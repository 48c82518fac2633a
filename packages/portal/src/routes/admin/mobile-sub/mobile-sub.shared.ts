import { ApiError, type Schema, unwrap } from "@herald/api-client";
import {
  MESSAGES,
  MOBILE_UPLOAD_MAX_BYTES,
  normalizeRecipient,
  splitContactNumber,
  stripNonDigits,
  validateContactNumber,
} from "@herald/domain";
import type { BadgeTone } from "@herald/ui";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../../../api";

export type MobileSubscription = Schema<"MobileSubscription">;
export type SubscriptionType = Schema<"SubscriptionType">;
export type FileInfo = Schema<"FileInfo">;

export const LIST_PATH = "/mobile-sub/mobile-list";
export const ADD_PATH = "/mobile-sub/mobile-add";
export const editPath = (id: string) => `/mobile-sub/mobile-edit/${id}`;

/** The note the specification puts under 'Mobile List Add Successful !'. */
export const ADD_NOTE = "The numbers may take a while to appear in the list.";
export const INVALID_NUMBER = "Invalid mobile number";
export const ACCEPTED_FILES = ".csv,.txt,.xlsx";
export const MAX_FILE_BYTES = MOBILE_UPLOAD_MAX_BYTES;

export const TYPE_OPTIONS: readonly { value: SubscriptionType; label: string }[] = [
  { value: "sub", label: "Subscribe" },
  { value: "unsub", label: "Unsubscribe" },
];
export const typeLabel = (type: string) =>
  type === "sub" ? "Subscribe" : type === "unsub" ? "Unsubscribe" : "-";

/** Status as the specification shows it: Active, Deleted, anything else Invalid. */
export function statusBadge(status: string): { label: string; tone: BadgeTone } {
  if (status === "active") return { label: "Active", tone: "success" };
  if (status === "deleted") return { label: "Deleted", tone: "secondary" };
  return { label: "Invalid", tone: "warning" };
}

/**
 * A mobile number typed as a tag or in the edit form: the calling code then 7 to 15 digits in all, and a
 * number valid for its country (the server stores others as invalid). Returns the message or null.
 */
export function mobileNumberError(value: string): string | null {
  const digits = stripNonDigits(value);
  const length = validateContactNumber(digits);
  if (length) return length;
  if (!splitContactNumber(digits) || !normalizeRecipient(digits)) return INVALID_NUMBER;
  return null;
}

/** A sample file to fill in: one number per line with the calling code, under a header. */
export const SAMPLE_CSV = "mobile\n6591234567\n60123456789\n";
export const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/** Uploads a file of numbers (multipart, field `file`) and answers its FileInfo. */
export async function uploadMobileFile(file: File): Promise<FileInfo> {
  return unwrap(
    await api.POST("/uploadMobileList", {
      body: { file },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        return form;
      },
    }),
  );
}

/** Title and text of the dialog for a failed mobile subscription call (the specification's catalogue). */
export function failure(
  err: unknown,
  kind: "update" | "upload" = "update",
): { title: string; text?: string } {
  if (err instanceof ApiError) {
    if (err.status === 400) {
      const title = kind === "upload" ? MESSAGES.errorUploadingFile : MESSAGES.errorUpdatingData;
      return { title, text: err.message !== title ? err.message : undefined };
    }
    if (err.status === 404 || err.status === 409) return { title: err.message };
  }
  return { title: MESSAGES.somethingWentWrong };
}

/** Every cached page of the list is stale after a change. */
export const refreshList = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ["get", "/mobileSubList"] });
