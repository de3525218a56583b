import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { auditApiPaths, auditDiff, type TAuditEntry, type TAuditFieldChange } from '@stp/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../api/query.js';
import { formatDateTime } from '../../lib/format.js';
import { actionLabel, actorLabel, fieldLabel, modelLabel, objectLabel, valueText } from './audit-format.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/** The before → after table: changed fields carry a "Changed" label, struck/inserted values and a tint. */
function DiffTable({ fields }: { fields: TAuditFieldChange[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const texts = {
    empty: t('auditLog.entry.empty'),
    yes: t('auditLog.entry.yes'),
    no: t('auditLog.entry.no'),
  };
  // Narrower side padding on a phone leaves a field's name room for its longest word.
  const cell = {
    overflowWrap: 'anywhere',
    verticalAlign: 'top',
    fontSize: '0.875rem',
    px: { xs: 1, sm: 2 },
  } as const;
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }} data-testid="audit-diff">
      <caption style={visuallyHidden}>{t('auditLog.entry.caption')}</caption>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { xs: '42%', sm: '30%' }, px: { xs: 1, sm: 2 } }}>
            {t('auditLog.entry.field')}
          </TableCell>
          <TableCell sx={{ px: { xs: 1, sm: 2 } }}>{t('auditLog.entry.before')}</TableCell>
          <TableCell sx={{ px: { xs: 1, sm: 2 } }}>{t('auditLog.entry.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => (
          <TableRow
            key={field.field}
            data-testid={`diff-${field.field}`}
            data-changed={field.changed}
            sx={field.changed ? { bgcolor: alpha(theme.palette.warning.main, 0.12) } : undefined}
          >
            <TableCell component="th" scope="row" sx={cell}>
              <Box component="span" sx={{ fontWeight: field.changed ? 700 : 400 }}>
                {fieldLabel(t, field.field)}
              </Box>
              {field.changed && (
                <Typography
                  component="span"
                  variant="caption"
                  sx={{ display: 'block', fontWeight: 500, color: 'text.secondary' }}
                >
                  {t('auditLog.entry.changed')}
                </Typography>
              )}
            </TableCell>
            <TableCell sx={cell}>
              {field.changed ? (
                <Box component="del" sx={{ textDecorationThickness: 1 }}>
                  {valueText(field.before, texts, i18n.language)}
                </Box>
              ) : (
                valueText(field.before, texts, i18n.language)
              )}
            </TableCell>
            <TableCell sx={cell}>
              {field.changed ? (
                <Box component="ins" sx={{ textDecoration: 'none', fontWeight: 700 }}>
                  {valueText(field.after, texts, i18n.language)}
                </Box>
              ) : (
                valueText(field.after, texts, i18n.language)
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One audit entry in a dialog: who, when, from where, and the record's fields before and after. */
export function AuditEntryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useQuery(apiQuery<TAuditEntry>(auditApiPaths.entry(id)));
  const [showUnchanged, setShowUnchanged] = useState(false);
  const entry = query.data;
  const fields = entry ? auditDiff(entry.before, entry.after) : [];
  const changed = fields.filter((field) => field.changed);
  // A change of a record that is there before and after (an edit, a review, a resend) shows what
  // moved, the rest on demand; a creation or a purge, or an action that moved nothing, shows it all.
  const modification = Boolean(entry?.before && entry?.after) && changed.length > 0;
  const shown = showUnchanged || !modification ? fields : changed;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {entry
          ? t('auditLog.entry.title', {
              action: actionLabel(t, entry.action),
              model: modelLabel(t, entry.model),
              object: objectLabel(entry),
            })
          : t('auditLog.view')}
      </DialogTitle>
      <DialogContent dividers data-testid="audit-entry" tabIndex={0}>
        {query.isError && <Alert severity="error">{t('auditLog.entry.loadError')}</Alert>}
        {!entry && !query.isError && (
          <Box aria-busy>
            <Skeleton width="60%" />
            <Skeleton height={120} />
          </Box>
        )}
        {entry && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {t('auditLog.entry.meta', {
                who: actorLabel(t, entry),
                when: formatDateTime(entry.created_at, i18n.language),
                ip: entry.ip || '—',
              })}
            </Typography>
            {fields.length === 0 ? (
              <Typography>{t('auditLog.entry.none')}</Typography>
            ) : (
              <>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
                  <Typography sx={{ fontWeight: 500 }} data-testid="audit-changed-count">
                    {t('auditLog.entry.changedCount', { count: changed.length })}
                  </Typography>
                  {modification && changed.length < fields.length && (
                    <FormControlLabel
                      control={
                        <Switch
                          checked={showUnchanged}
                          onChange={(event) => setShowUnchanged(event.target.checked)}
                        />
                      }
                      label={t('auditLog.entry.showUnchanged')}
                    />
                  )}
                </Box>
                <DiffTable fields={shown} />
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="audit-entry-close">
          {t('auditLog.entry.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
