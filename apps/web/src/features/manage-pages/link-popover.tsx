import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { managePagesTexts } from './texts.js';

void managePagesTexts;

// The schemes the server keeps (sanitize.ts), and addresses inside the portal.
const validHref = (href: string) => /^(https?:\/\/|mailto:|tel:|\/)/i.test(href);

interface LinkPopoverProps {
  anchor: HTMLElement | null;
  href: string;
  onClose: () => void;
  onApply: (href: string) => void;
  onRemove: () => void;
}

/** The link box of the editor's toolbar: an address field with Apply and Remove. */
export function LinkPopover(props: LinkPopoverProps) {
  const open = Boolean(props.anchor);
  return (
    <Popover
      open={open}
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      {open && <LinkForm {...props} />}
    </Popover>
  );
}

function LinkForm({ href, onApply, onRemove, onClose }: LinkPopoverProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(href || 'https://');
  const [error, setError] = useState(false);
  const apply = () => {
    const next = value.trim();
    if (!validHref(next)) {
      setError(true);
      return;
    }
    onApply(next);
    onClose();
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The box is in a portal, but React passes its events up to the page's form all the same,
        // which would submit the page (and show its errors) on every link applied.
        event.stopPropagation();
        apply();
      }}
      sx={{ p: 2, display: 'grid', gap: 1.5, width: { xs: 260, sm: 340 } }}
    >
      <TextField
        autoFocus
        size="small"
        label={t('managePages.editor.linkUrl')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(false);
        }}
        error={error}
        helperText={error ? t('managePages.editor.linkInvalid') : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'link-url', inputMode: 'url' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {href && (
          <Button
            onClick={() => {
              onRemove();
              onClose();
            }}
          >
            {t('managePages.editor.linkRemove')}
          </Button>
        )}
        <Button type="submit" variant="contained" data-testid="link-apply">
          {t('managePages.editor.linkApply')}
        </Button>
      </Box>
    </Box>
  );
}
