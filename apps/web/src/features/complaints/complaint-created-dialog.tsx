import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TComplaintCreated } from '@stp/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The success dialog of a lodged complaint: its reference number and a link to its detail. */
export function ComplaintCreatedDialog(props: { created: TComplaintCreated; onClose: () => void }) {
  const { t } = useTranslation();
  const { reference, slug } = props.created;
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby="complaint-created-title"
      aria-describedby="complaint-created-text"
      maxWidth="xs"
      fullWidth
      data-testid="complaint-created"
    >
      <DialogTitle id="complaint-created-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CheckCircleOutline color="success" fontSize="large" aria-hidden />
        <Box component="span">{t('complaints.form.successTitle')}</Box>
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="complaint-created-text">
          {t('complaints.form.successText', { reference })}
        </DialogContentText>
        <Box
          sx={{ mt: 2, fontFamily: 'monospace', fontSize: '1.25rem', fontWeight: 700, textAlign: 'center' }}
          data-testid="complaint-reference"
        >
          {reference}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component={RouterLink} to={`/public/complaints/${encodeURIComponent(slug)}`}>
          {t('complaints.form.viewComplaint')}
        </Button>
        <Button variant="contained" onClick={props.onClose} autoFocus>
          {t('complaints.form.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
