import { fireEvent, render, screen } from '@testing-library/react';
import type { TComplaintDetail } from '@stp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyLocale } from '../../i18n/index.js';
import { RedactionForm } from './redaction-form.js';

beforeAll(async () => {
  await applyLocale('en');
});

const complaint = {
  slug: 'x',
  version: 1,
  brief_description: 'Licence refused to Claudine of Bujumbura',
  details_of_occurrence: 'Call me on 0772 000 111.',
  can_redact: true,
  redacted_at: null,
} as unknown as TComplaintDetail;

describe('the redaction form', () => {
  it('marks the words selected in a field and previews them as [redacted]', () => {
    render(<RedactionForm complaint={complaint} onChanged={() => Promise.resolve()} />);
    const brief = screen.getByTestId<HTMLTextAreaElement>('redact-brief_description');
    fireEvent.click(screen.getByRole('button', { name: 'Mark for redaction' }));
    expect(screen.getByRole('status').textContent).toBe('Select the words to redact in the text first.');
    fireEvent.focus(brief);
    brief.setSelectionRange(19, 27);
    fireEvent.click(screen.getByRole('button', { name: 'Mark for redaction' }));
    expect(screen.getByTestId('marked-passages').textContent).toBe('Claudine');
    expect(screen.getByTestId('redaction-preview').textContent).toContain(
      'Licence refused to [redacted] of Bujumbura',
    );
    expect(screen.getByRole('button', { name: 'Redact 1 passage' })).toBeTruthy();
  });

  it('says review has started when the applicant may no longer redact', () => {
    render(
      <RedactionForm complaint={{ ...complaint, can_redact: false }} onChanged={() => Promise.resolve()} />,
    );
    expect(screen.getByTestId('redaction-closed').textContent).toBe(
      'Review of this complaint has started: its text can no longer be redacted.',
    );
    expect(screen.queryByRole('button', { name: 'Mark for redaction' })).toBeNull();
  });
});
