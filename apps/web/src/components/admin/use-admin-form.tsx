import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../form/form-fields.js';
import { useZodForm } from '../form/use-zod-form.js';
import type { AdminItem, AdminResourceConfig } from './admin-resource.js';
import { useAdminAccess, useAdminActions } from './use-admin.js';

/**
 * The create or edit form of a record: the area's schema and fields, read-only without the permission,
 * server field errors on their fields, the success dialog after saving.
 */
export function useAdminForm<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(
  resource: AdminResourceConfig<Item, S>,
  item: Item | null,
  onSaved: (saved: Item) => void,
): AdminFormState {
  const access = useAdminAccess(resource);
  const { save } = useAdminActions(resource);
  const { form, formError, onSubmit } = useZodForm(
    resource.schema,
    (item ? resource.toFormValues(item) : resource.emptyValues) as never,
  );
  const canSave = item ? access.canChange : access.canAdd;
  const saving = form.formState.isSubmitting;
  const submit = onSubmit(async (values) => {
    const saved = await save(values, item?.id ?? null);
    if (saved) onSaved(saved);
  });
  return { form, formError, submit, saving, canSave, readOnly: !canSave || saving };
}

/** What `useAdminForm` gives the frames (dialog, page) around the form's body. */
export interface AdminFormState {
  // The frames never read the values: any form of any area fits.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<any, unknown, any>;
  formError: string | null;
  submit: (event?: React.BaseSyntheticEvent) => void;
  saving: boolean;
  canSave: boolean;
  readOnly: boolean;
}

/** The form's body: the form-level message, the read-only notice and the area's fields. */
export function AdminFormBody<Item extends AdminItem, S extends z.ZodType<unknown, FieldValues>>(props: {
  resource: AdminResourceConfig<Item, S>;
  item: Item | null;
  state: AdminFormState;
}) {
  const { t } = useTranslation();
  const { resource, state } = props;
  const Fields = resource.Fields;
  return (
    // The grid spaces the fields: the text fields' own default margins would double it.
    <Box sx={{ display: 'grid', gap: 2.5, '& .MuiFormControl-marginNormal': { my: 0 } }}>
      <FormAlert message={state.formError} />
      {!state.canSave && (
        <Alert severity="info" data-testid="read-only">
          {t('admin.readOnly')}
        </Alert>
      )}
      <Fields
        control={state.form.control as never}
        form={state.form as never}
        readOnly={state.readOnly}
        item={props.item}
      />
    </Box>
  );
}
