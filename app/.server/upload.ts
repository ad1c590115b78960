import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data } from "react-router";
import { MAX_UPLOAD_BYTES, OVERSIZED_UPLOAD_TYPE } from "~/domain/uploads";
import { UNREADABLE_FORM } from "./forms";

/** Beyond this a request is refused outright; up to it, an oversized file is refused at its field. */
const HARD_FILE_LIMIT = 3 * MAX_UPLOAD_BYTES;

/**
 * Parses a multipart form with limits. A file over MAX_UPLOAD_BYTES is replaced by an empty marker file
 * (type OVERSIZED_UPLOAD_TYPE), so the form's validation names the problem at that field and every
 * other field the user typed survives the round trip.
 */
export async function parseUploadForm(request: Request): Promise<FormData> {
  try {
    return await parseFormData(
      request,
      { maxFileSize: HARD_FILE_LIMIT, maxFiles: 30, maxTotalSize: HARD_FILE_LIMIT + 2 * 1024 * 1024 },
      async (upload) => {
        if (upload.size === 0 && upload.name === "") return null;
        if (upload.size > MAX_UPLOAD_BYTES) return new File([], upload.name, { type: OVERSIZED_UPLOAD_TYPE });
        return new File([await upload.arrayBuffer()], upload.name, { type: upload.type });
      },
    );
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw data({ messages: ["The file is larger than 10 MB"] }, { status: 413 });
    }
    if (
      error instanceof FormDataParseError ||
      error instanceof MaxPartsExceededError ||
      error instanceof MaxHeaderSizeExceededError ||
      error instanceof MaxFilesExceededError
    ) {
      throw data({ messages: [UNREADABLE_FORM] }, { status: 400 });
    }
    throw error;
  }
}
