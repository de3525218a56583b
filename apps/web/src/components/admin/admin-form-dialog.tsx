import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminItem, AdminResourceConfig } from './admin-resource.js';
import { AdminFormBody, useAdminForm } from './use-admin-form.js';

/** Creates or edits a record in a dialog over the list; the buttons stay while the fields scroll. */
export function AdminFormDialog<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  item: Item | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { resource, item, onClose } = props;
  const titleId = useId();
  const state = useAdminForm(resource, item, onClose);
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const title = item
    ? t(resource.texts.edit, { name: resource.label(item, language) })
    : t(resource.texts.create);
  return (
    <Dialog
      open
      onClose={state.saving ? undefined : onClose}
      fullWidth
      maxWidth={resource.dialogWidth ?? 'sm'}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: state.submit,
          'aria-busy': state.saving,
          'data-testid': 'admin-form',
        } as object,
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <AdminFormBody resource={resource} item={item} state={state} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={state.saving}>
          {state.canSave ? t('admin.cancel') : t('admin.close')}
        </Button>
        {state.canSave && (
          <Button type="submit" variant="contained" disabled={state.saving} data-testid="admin-save">
            {t('admin.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
