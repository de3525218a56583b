import { useState } from 'react';
import { ApiError } from '../../api/api-error.js';
import { uploadForm } from './upload.js';

/**
 * The files of a form that sends text with documents (lodge, answer a reviewer, add one's case): the
 * chosen files, the upload's progress and the server's refusal of the files, shown by the picker.
 */
export function useAttachmentUpload() {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();

  /** Posts `fields` (empty ones left out) and the files to `path`; undefined when the session expired. */
  async function send<T>(
    path: string,
    fields: Record<string, string | number | boolean | null | undefined>,
  ): Promise<T | undefined> {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined && value !== null) data.set(name, String(value));
    for (const file of files) data.append('attachments', file, file.name);
    setError(undefined);
    setProgress(0);
    try {
      return await uploadForm<T>(path, data, setProgress);
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fieldErrors.attachments);
      throw failure;
    } finally {
      setProgress(null);
    }
  }

  return {
    send,
    /** Whether the bytes are on their way (the picker shows the bar meanwhile). */
    uploading: progress !== null,
    clear: () => setFiles([]),
    /** What `AttachmentPicker` takes besides its label and `disabled`. */
    picker: { files, onChange: setFiles, progress, error },
  };
}
