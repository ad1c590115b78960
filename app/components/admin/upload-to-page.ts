import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { sendWithProgress } from "~/components/forms/upload-progress";
import type { FormResult } from "~/components/forms/use-portal-form";

/**
 * A file form sent by JavaScript to `url` (a resource route answering `{ ok, to }` or `{ ok, result }`), with the
 * upload's progress: on to `to`, or the form's reply. `onSubmit` is the form hook's; `progress` is null when nothing
 * is being sent (the statement, carrier and Sunfire imports' upload pages). It rides in the admin tier's chunk (vite.config.ts):
 * in upload-progress.tsx it would weigh on every page with a file field; `send` is that module's sendWithProgress,
 * passed in so that this module imports nothing the admin tier would then load on every admin page.
 */
export function useUploadToPage(url: string, send: typeof sendWithProgress) {
  const navigate = useNavigate();
  const [reply, setReply] = useState<FormResult>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>, { formData }: { formData: FormData }) => {
    event.preventDefault();
    if (progress !== null) return; // a send is under way
    setProgress(0);
    void send<{ to: string }>(url, formData, setProgress).then(async (answer) => {
      if (answer.ok) await navigate(answer.to);
      else setReply(answer.result);
      setProgress(null);
    });
  };
  return { reply, progress, onSubmit };
}
