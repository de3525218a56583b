import { messages } from '@stp/shared';
import { createStore } from 'zustand/vanilla';
import { describeError } from './describe-error.js';

/** The one dialog on screen (spec 8: error, success, confirm). */
export type OpenDialog =
  | { kind: 'error'; title: string; text: string }
  | { kind: 'success'; title: string; text: string }
  | { kind: 'confirm'; title: string; text: string; answer: (ok: boolean) => void };

export const dialogStore = createStore<{ dialog: OpenDialog | null }>()(() => ({ dialog: null }));

export function closeDialog(): void {
  const { dialog } = dialogStore.getState();
  if (dialog?.kind === 'confirm') dialog.answer(false);
  dialogStore.setState({ dialog: null });
}

/** The shared error dialog; shows nothing for a cancelled request. */
export function showError(error: unknown): void {
  const description = describeError(error);
  if (description) dialogStore.setState({ dialog: { kind: 'error', ...description } });
}

/** The success dialog: "Success" and, by default, "Your request was successfully processed." */
export function showSuccess(
  text: string = messages.requestProcessed,
  title: string = messages.successTitle,
): void {
  dialogStore.setState({ dialog: { kind: 'success', title, text } });
}

/** The confirm dialog (Cancel / Ok): resolves true for Ok. */
export function confirm(title: string, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const answer = (ok: boolean) => {
      dialogStore.setState({ dialog: null });
      resolve(ok);
    };
    dialogStore.setState({ dialog: { kind: 'confirm', title, text, answer } });
  });
}

/**
 * Confirm, then act (spec 8): a cancel closes the dialog silently (resolves undefined); a failed action
 * shows the error dialog, then rejects.
 */
export async function confirmThenAct<T>(
  title: string,
  text: string,
  action: () => Promise<T>,
): Promise<T | undefined> {
  if (!(await confirm(title, text))) return undefined;
  try {
    return await action();
  } catch (error) {
    showError(error);
    throw error;
  }
}
