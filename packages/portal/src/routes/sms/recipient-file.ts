import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { useRef, useState } from "react";
import { api } from "../../api";
import type { ComposeState, FileContent, RecipientFileState } from "./compose-rules";
import { variableName } from "./compose-rules";

type Update = (patch: Partial<Omit<ComposeState, "step" | "idempotencyKey">>) => void;

/**
 * The recipients file of step 2: uploaded (POST /sms/recipients-file) as soon as it is chosen, so only its id
 * and summary are kept in the draft. The file's content option decides how the server reads it: changing the
 * option uploads the same file again, or asks for it again when the page no longer holds it.
 */
export function useRecipientFile(state: ComposeState, update: Update) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef(0);

  const send = async (chosen: File, content: FileContent) => {
    const mine = ++attempt.current;
    setBusy(true);
    setError(null);
    try {
      const answer = unwrap(
        await api.POST("/sms/recipients-file", {
          params: { query: { content } },
          body: { file: chosen } as never,
          bodySerializer: () => {
            const form = new FormData();
            form.append("file", chosen, chosen.name);
            return form;
          },
        }),
      );
      if (mine !== attempt.current) return;
      const kept: RecipientFileState = {
        id: answer.fileId,
        name: answer.fileName,
        rows: answer.rows,
        variables: answer.variables.map(variableName),
      };
      update({ file: kept, fileContent: content });
    } catch (err) {
      if (mine !== attempt.current) return;
      setFile(null);
      update({ file: null, fileContent: content });
      setError(
        err instanceof ApiError && (err.status === 400 || err.status === 413)
          ? err.message
          : MESSAGES.errorUploadingFile,
      );
    } finally {
      if (mine === attempt.current) setBusy(false);
    }
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) {
      attempt.current++;
      setBusy(false);
      update({ file: null });
      return;
    }
    await send(chosen, state.fileContent);
  };

  const changeContent = (content: FileContent) => {
    if (content === state.fileContent) return;
    if (file) {
      update({ fileContent: content });
      void send(file, content);
    } else if (state.file) {
      update({ fileContent: content, file: null });
      setError(`Choose the file again to read it as ${content}.`);
    } else {
      update({ fileContent: content });
    }
  };

  return { file, busy, error, choose, changeContent };
}
