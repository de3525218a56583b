import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TPageTemplateAdminItem } from '@stp/shared';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n/index.js';
import { previewPage } from './page-preview.js';
import { RichTextEditor } from './rich-text-editor.js';

describe('RichTextEditor', () => {
  it('has a labelled toolbar whose buttons say whether they are on, and gives HTML to the form', async () => {
    const onChange = vi.fn();
    render(
      <RichTextEditor
        value="<p>Hello</p>"
        onChange={onChange}
        label="Content (English)"
        lang="en"
        readOnly={false}
      />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting: Content (English)' });
    for (const name of [
      'Bold',
      'Italic',
      'H2 heading',
      'H3 subheading',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Undo',
      'Redo',
    ])
      expect(toolbar.querySelector(`[aria-label="${name}"]`), name).not.toBeNull();
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    const textbox = screen.getByRole('textbox', { name: 'Content (English)' });
    expect(textbox.getAttribute('lang')).toBe('en');
    // Select all, then bold: the form gets the marked-up HTML and the button shows it is on.
    act(() => textbox.focus());
    fireEvent.keyDown(textbox, { key: 'a', ctrlKey: true });
    fireEvent.click(bold);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]).toBe('<p><strong>Hello</strong></p>');
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
  });

  it('keeps the focus in the text when a toolbar button is pressed with the mouse', () => {
    render(
      <RichTextEditor
        value="<p>Hello</p>"
        onChange={() => undefined}
        label="Content"
        lang="en"
        readOnly={false}
      />,
    );
    const toolbar = screen.getByRole('toolbar');
    // fireEvent answers false when a handler prevented the default, here the move of the focus.
    for (const button of toolbar.querySelectorAll('button:enabled'))
      expect(fireEvent.mouseDown(button), button.getAttribute('aria-label') ?? '').toBe(false);
  });

  it('shows no toolbar and cannot be edited when read-only', () => {
    render(
      <RichTextEditor value="<p>Hello</p>" onChange={() => undefined} label="Content" lang="fr" readOnly />,
    );
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Content' }).getAttribute('contenteditable')).toBe('false');
  });
});

describe('the link box', () => {
  it('applies the link to the selection without submitting the form the editor is in', async () => {
    const onChange = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <RichTextEditor
          value="<p>Treaty</p>"
          onChange={onChange}
          label="Content"
          lang="en"
          readOnly={false}
        />
      </form>,
    );
    const textbox = screen.getByRole('textbox', { name: 'Content' });
    act(() => textbox.focus());
    fireEvent.keyDown(textbox, { key: 'a', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByTestId('link-url');
    fireEvent.change(address, { target: { value: 'https://www.eac.int/treaty' } });
    fireEvent.submit(address);
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('href="https://www.eac.int/treaty"'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('previewPage', () => {
  const item = {
    id: 1,
    title: 'Template',
    layout: 'wide',
    status: 'published',
    content_en: '<p>Hi</p>',
    content_fr: '<p>Salut</p>',
    banner_key: null,
    banner_url: null,
    banner_attachment: 'fixed',
    slide_interval: 7,
    slides: [{ id: 3, image_key: 'k', image_url: '/img', caption_en: 'Port', caption_fr: '' }],
    page: {
      id: 2,
      slug: 'x',
      title_en: 'Title',
      title_fr: 'Titre',
      show_in_menu: false,
      sort_order: 0,
      public_path: '/public/page/x',
    },
    other_pages: [],
    archived: false,
    archived_at: null,
    updated_at: '2026-05-01T00:00:00.000Z',
  } satisfies TPageTemplateAdminItem;

  it('gives the public page answer in the chosen language, English where French is empty', () => {
    const page = previewPage(item, 'fr');
    expect(page).toMatchObject({
      lang: 'fr',
      title: { en: 'Titre', fr: 'Titre' },
      content: '<p>Salut</p>',
      template: { layout: 'wide', banner_attachment: 'fixed', slide_interval: 7 },
    });
    expect(page.template.slides[0]?.caption).toEqual({ en: 'Port', fr: 'Port' });
    expect(previewPage(item, 'en').content).toBe('<p>Hi</p>');
  });

  it('shows the English content, said to be English, in the French preview of an untranslated page', () => {
    const page = previewPage({ ...item, content_fr: '' }, 'fr');
    expect(page).toMatchObject({ lang: 'fr', content: '<p>Hi</p>', content_lang: 'en' });
    expect(previewPage(item, 'fr').content_lang).toBe('fr');
  });
});
