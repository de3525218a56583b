import { render, screen } from '@testing-library/react';
import { uploadTexts } from '@stp/shared';
import { afterEach, describe, expect, it } from 'vitest';
import fr from '../../i18n/fr.json';
import { applyLocale } from '../../i18n/index.js';
import { AttachmentPicker } from './attachment-picker.js';

afterEach(async () => {
  await applyLocale('en');
});

const picker = (error: string) => (
  <AttachmentPicker files={[]} onChange={() => undefined} progress={null} error={error} label="Files" />
);

describe('AttachmentPicker', () => {
  it('shows the server’s refusal of a file in the interface language (issue 29, item 9)', async () => {
    const { rerender } = render(picker(uploadTexts.pdfActiveContent));
    expect(screen.getByTestId('attachments-help')).toHaveTextContent(uploadTexts.pdfActiveContent);
    await applyLocale('fr');
    rerender(picker(uploadTexts.imageTooManyPixels));
    // Compared as written: toHaveTextContent would fold the French text's narrow no-break space before ':'
    // (a \s) into a plain space on the page's side only.
    expect(screen.getByTestId('attachments-help')).toHaveTextContent(fr.messages.imageTooManyPixels, {
      normalizeWhitespace: false,
    });
  });
});
