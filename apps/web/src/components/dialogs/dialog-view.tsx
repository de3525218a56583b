import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/index.js';
import { closeDialog, type OpenDialog } from './dialogs.js';

const icons = {
  error: <ErrorOutline color="error" fontSize="large" aria-hidden />,
  success: <CheckCircleOutline color="success" fontSize="large" aria-hidden />,
  confirm: <HelpOutline color="primary" fontSize="large" aria-hidden />,
};

/** The dialog of spec 8 on screen: error, success or confirm. */
export function DialogView({ dialog }: { dialog: OpenDialog }) {
  const { t } = useTranslation();
  const titleId = 'app-dialog-title';
  const textId = 'app-dialog-text';
  return (
    <Dialog
      open
      onClose={closeDialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      role={dialog.kind === 'error' ? 'alertdialog' : 'dialog'}
      data-testid={`dialog-${dialog.kind}`}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {icons[dialog.kind]}
        <Box component="span">{translateMessage(dialog.title)}</Box>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{translateMessage(dialog.text)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {dialog.kind === 'confirm' ? (
          <>
            <Button onClick={() => dialog.answer(false)}>{t('dialogs.cancel')}</Button>
            <Button variant="contained" onClick={() => dialog.answer(true)} autoFocus>
              {t('dialogs.ok')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={closeDialog} autoFocus>
            {t('dialogs.ok')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
