import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanceledError } from '../../api/api-error.js';
import { applyLocale } from '../../i18n/index.js';
import { DialogHost } from './dialog-host.js';
import { closeDialog, confirm, confirmThenAct, dialogStore, showError, showSuccess } from './dialogs.js';

const fallback = 'An error occurred while processing your request. Please try again later.';
const open = () => dialogStore.getState().dialog;

/** Answers the confirm dialog on screen (in the store). */
function answer(ok: boolean) {
  const dialog = open();
  if (dialog?.kind !== 'confirm') throw new Error('no confirm dialog is open');
  dialog.answer(ok);
}

beforeEach(() => {
  dialogStore.setState({ dialog: null });
});

afterEach(async () => {
  await applyLocale('en');
});

describe('showError', () => {
  it('opens the error dialog with the described error', () => {
    showError({ response: { status: 400, data: { detail: 'Bad thing' } } });
    expect(open()).toEqual({ kind: 'error', title: 'Error', text: 'Bad thing' });
    showError(new Error('internal'));
    expect(open()).toEqual({ kind: 'error', title: 'Error', text: fallback });
  });

  it('opens nothing for a cancelled request', () => {
    showError(new CanceledError());
    showError({ code: 'ERR_CANCELED' });
    showError({ name: 'CanceledError' });
    expect(open()).toBeNull();
  });
});

describe('showSuccess', () => {
  it('says "Success" / "Your request was successfully processed." by default', () => {
    showSuccess();
    expect(open()).toEqual({
      kind: 'success',
      title: 'Success',
      text: 'Your request was successfully processed.',
    });
  });

  it('takes a text and a title', () => {
    showSuccess('Your details were successfully saved');
    expect(open()).toEqual({
      kind: 'success',
      title: 'Success',
      text: 'Your details were successfully saved',
    });
    showSuccess('Archived', 'Done');
    expect(open()).toEqual({ kind: 'success', title: 'Done', text: 'Archived' });
  });
});

describe('confirm', () => {
  it('resolves true for Ok and closes', async () => {
    const answered = confirm('Archive', 'Archive this record?');
    expect(open()).toMatchObject({ kind: 'confirm', title: 'Archive', text: 'Archive this record?' });
    answer(true);
    await expect(answered).resolves.toBe(true);
    expect(open()).toBeNull();
  });

  it('resolves false for Cancel, and when the dialog is closed', async () => {
    const cancelled = confirm('Archive', 'Archive this record?');
    answer(false);
    await expect(cancelled).resolves.toBe(false);

    const dismissed = confirm('Archive', 'Archive this record?');
    closeDialog();
    await expect(dismissed).resolves.toBe(false);
    expect(open()).toBeNull();
  });
});

describe('confirmThenAct (spec 8)', () => {
  it('on cancel resolves undefined without acting, and closes silently', async () => {
    const action = vi.fn(async () => 'done');
    const result = confirmThenAct('Purge', 'Purge this record?', action);
    answer(false);
    await expect(result).resolves.toBeUndefined();
    expect(action).not.toHaveBeenCalled();
    expect(open()).toBeNull();
  });

  it('on failure shows the error dialog, then rejects', async () => {
    const failure = Object.assign(new Error('conflict'), {
      response: { status: 409, data: { detail: 'Already archived.' } },
    });
    const result = confirmThenAct('Archive', 'Archive this record?', () => Promise.reject(failure));
    answer(true);
    let dialogWhenRejected: unknown;
    await result.then(
      () => {
        throw new Error('expected a rejection');
      },
      (error: unknown) => {
        dialogWhenRejected = open();
        expect(error).toBe(failure);
      },
    );
    expect(dialogWhenRejected).toEqual({ kind: 'error', title: 'Error', text: 'Already archived.' });
  });

  it('on success resolves the action’s result', async () => {
    const action = vi.fn(async () => ({ archived: 3 }));
    const result = confirmThenAct('Archive', 'Archive these records?', action);
    answer(true);
    await expect(result).resolves.toEqual({ archived: 3 });
    expect(action).toHaveBeenCalledTimes(1);
    expect(open()).toBeNull();
  });
});

describe('DialogHost', () => {
  it('renders nothing without a dialog', () => {
    const { container } = render(createElement(DialogHost));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error dialog with its title, text and an Ok button that closes it', async () => {
    render(createElement(DialogHost));
    act(() => showError({ response: { status: 400, data: { detail: 'Bad thing' } } }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Error');
    expect(dialog).toHaveAccessibleDescription('Bad thing');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    expect(open()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the confirm dialog with Cancel and Ok', async () => {
    const user = userEvent.setup();
    render(createElement(DialogHost));
    let answered!: Promise<boolean>;
    act(() => {
      answered = confirm('Archive', 'Archive this record?');
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Archive');
    expect(dialog).toHaveAccessibleDescription('Archive this record?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await expect(answered).resolves.toBe(true);

    act(() => {
      answered = confirm('Archive', 'Archive this record?');
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answered).resolves.toBe(false);
  });

  it('shows the spec’s English texts in the interface language', async () => {
    await applyLocale('fr');
    render(createElement(DialogHost));
    act(() => showError(new Error('internal')));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAccessibleName('Erreur');
    expect(dialog).toHaveAccessibleDescription(
      "Une erreur s'est produite lors du traitement de votre demande. Veuillez réessayer plus tard.",
    );
    expect(screen.getByRole('button', { name: 'Ok' })).toBeInTheDocument();
  });
});
