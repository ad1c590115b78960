import { Text } from "@mantine/core";
import type { FormResult } from "./use-portal-form";

/**
 * A form with a file, sent by JavaScript so that the page can show how far the upload is (fetch cannot report an
 * upload's progress; XMLHttpRequest can). The route it is sent to answers JSON: `{ ok: true, … }` with what the
 * form goes on to, or `{ ok: false, result }`, the form's reply. Without JavaScript the same form is a plain
 * multipart post to its page's action. Used by a compliance document's upload (issue 12) and a commission
 * statement's import (issue 23).
 */
export type UploadAnswer<T extends object> = ({ ok: true } & T) | { ok: false; result: NonNullable<FormResult> };

export const UPLOAD_DID_NOT_ARRIVE = "The upload did not reach the portal. Check your connection and try again.";
export const UPLOAD_NO_ANSWER = "The portal gave no usable answer. Try the upload again.";

const failed = (message: string) => ({
  ok: false as const,
  result: { status: "error" as const, error: { "": [message] } },
});

/** Sends `body` to `url`; `onProgress` hears the percentage sent. Resolves with the JSON answer, or a form-level
 * error when there is none to read (the connection dropped, a proxy's error page). */
export async function sendWithProgress<T extends object>(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const reply = xhr.response as UploadAnswer<T> | null;
      resolve(reply && typeof reply === "object" && "ok" in reply ? reply : failed(UPLOAD_NO_ANSWER));
    };
    xhr.onerror = () => resolve(failed(UPLOAD_DID_NOT_ARRIVE));
    xhr.send(body);
  });
}

/** How far the upload is: the percentage, then `done` (what happens once it is all sent) as a status. */
export function UploadProgress({ id, percent, done }: { id: string; percent: number; done?: string }) {
  return (
    <div>
      <Text size="sm" id={id} role="status">
        {percent >= 100 && done ? done : `Uploading… ${percent}%`}
      </Text>
      <progress className="upload-progress" max={100} value={percent} aria-labelledby={id} />
    </div>
  );
}
