import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkPopover } from './link-popover.js';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  lang: 'en' | 'fr';
  readOnly: boolean;
  /** Id of the element describing the editor (help text, error). */
  describedBy?: string;
}

/** H2 / H3 as text: the two heading buttons read apart at a glance; their names hold it (WCAG 2.5.3). */
function HeadingIcon({ level }: { level: 2 | 3 }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 24, fontWeight: 700, fontSize: level === 2 ? 15 : 13, lineHeight: '24px' }}
    >
      H{level}
    </Box>
  );
}

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  onClick: (button: HTMLElement) => void;
  pressed?: boolean;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          aria-pressed={props.pressed}
          disabled={props.disabled}
          // A press with the mouse leaves the focus (and the selection) in the text, so what is typed
          // next goes into the text at once: the editor's own focus call comes a frame later.
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => props.onClick(event.currentTarget)}
          data-testid={`editor-${props.testId}`}
          color={props.pressed ? 'primary' : 'default'}
          sx={props.pressed ? { bgcolor: 'action.selected' } : undefined}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The toolbar's state: what the selection is (bold, a heading ...) and what can be undone. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

function Toolbar({ editor, label, disabled }: { editor: Editor; label: string; disabled: boolean }) {
  const { t } = useTranslation();
  const state = useToolbarState(editor);
  const [linkAnchor, setLinkAnchor] = useState<HTMLElement | null>(null);
  const run = () => editor.chain().focus();
  const k = (key: string) => t(`managePages.editor.${key}`);
  return (
    <Box
      role="toolbar"
      aria-label={`${k('toolbar')}: ${label}`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <ToolButton
        testId="bold"
        label={k('bold')}
        icon={<FormatBold />}
        pressed={state.bold}
        disabled={disabled}
        onClick={() => run().toggleBold().run()}
      />
      <ToolButton
        testId="italic"
        label={k('italic')}
        icon={<FormatItalic />}
        pressed={state.italic}
        disabled={disabled}
        onClick={() => run().toggleItalic().run()}
      />
      <Divider orientation="vertical" flexItem />
      <ToolButton
        testId="h2"
        label={k('heading2')}
        icon={<HeadingIcon level={2} />}
        pressed={state.h2}
        disabled={disabled}
        onClick={() => run().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        testId="h3"
        label={k('heading3')}
        icon={<HeadingIcon level={3} />}
        pressed={state.h3}
        disabled={disabled}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton
        testId="bullet-list"
        label={k('bulletList')}
        icon={<FormatListBulleted />}
        pressed={state.bulletList}
        disabled={disabled}
        onClick={() => run().toggleBulletList().run()}
      />
      <ToolButton
        testId="ordered-list"
        label={k('orderedList')}
        icon={<FormatListNumbered />}
        pressed={state.orderedList}
        disabled={disabled}
        onClick={() => run().toggleOrderedList().run()}
      />
      <ToolButton
        testId="blockquote"
        label={k('blockquote')}
        icon={<FormatQuote />}
        pressed={state.blockquote}
        disabled={disabled}
        onClick={() => run().toggleBlockquote().run()}
      />
      <ToolButton
        testId="link"
        label={k('link')}
        icon={<LinkIcon />}
        pressed={state.link}
        disabled={disabled}
        onClick={setLinkAnchor}
      />
      <Divider orientation="vertical" flexItem />
      <ToolButton
        testId="undo"
        label={k('undo')}
        icon={<Undo />}
        disabled={disabled || !state.canUndo}
        onClick={() => run().undo().run()}
      />
      <ToolButton
        testId="redo"
        label={k('redo')}
        icon={<Redo />}
        disabled={disabled || !state.canRedo}
        onClick={() => run().redo().run()}
      />
      <LinkPopover
        anchor={linkAnchor}
        href={state.href}
        onClose={() => setLinkAnchor(null)}
        onApply={(href) => run().extendMarkRange('link').setLink({ href }).run()}
        onRemove={() => run().extendMarkRange('link').unsetLink().run()}
      />
    </Box>
  );
}

/**
 * The TipTap rich-text editor of page content (loaded only in the page editor's chunk): an accessible
 * toolbar (buttons with labels and pressed states) over the editable area, styled like the public page.
 * The HTML it gives is cleaned again by the server before it is stored.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, readOnly } = props;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // The page's title is its one h1.
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        // No empty paragraph kept at the end: the stored HTML is what the author wrote.
        trailingNode: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
      }),
    ],
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': props.label,
        lang: props.lang,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
        'data-testid': `editor-content-${props.lang}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  useEffect(() => {
    editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {!readOnly && <Toolbar editor={editor} label={props.label} disabled={readOnly} />}
      <HtmlContentFrame>
        <EditorContent editor={editor} />
      </HtmlContentFrame>
    </Paper>
  );
}

/** The editable area, with the headings, lists and quotes looking roughly as the public page shows them. */
function HtmlContentFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        px: 2,
        py: 1,
        ...theme.typography.body1,
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& .tiptap': { minHeight: 240, outline: 'none' },
        '& .tiptap:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        '& h2': { fontSize: '1.5rem', fontWeight: 600, mt: 3, mb: 1 },
        '& h3': { fontSize: '1.25rem', fontWeight: 600, mt: 2, mb: 1 },
        '& ul, & ol': { pl: 3 },
        '& a': { color: 'primary.main', textDecoration: 'underline' },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
      })}
    >
      {children}
    </Box>
  );
}
