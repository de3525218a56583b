import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TPermissionChoice, TPermissionModel } from '@stp/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { LoadError } from '../../components/list/load-error.js';
import { translateMessage } from '../../i18n/index.js';
import { adminUsersTexts } from './texts.js';
import { useUserChoices } from './use-user-choices.js';

void adminUsersTexts;

const modelName = (t: TFunction, model: string) =>
  t(`adminUsers.picker.models.${model}`, { defaultValue: model });

function actionName(t: TFunction, permission: TPermissionChoice) {
  if (permission.action === 'review') {
    const stage = permission.codename.split('_').pop() ?? '';
    return t(`adminUsers.picker.review.${stage}`, { defaultValue: permission.name });
  }
  return t(`adminUsers.picker.actions.${permission.action}`, { defaultValue: permission.name });
}

/** One model's permissions as a fieldset: a select-all box in the legend, then a box per permission. */
function ModelFieldset(props: {
  model: TPermissionModel;
  selected: Set<string>;
  readOnly: boolean;
  onChange: (codenames: string[], checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const { model, selected } = props;
  const codenames = model.permissions.map((permission) => permission.codename);
  const held = codenames.filter((codename) => selected.has(codename)).length;
  const name = modelName(t, model.model);
  return (
    <Box
      component="fieldset"
      data-testid={`picker-${model.app}.${model.model}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, px: 1.5, pb: 1, pt: 0.5, minWidth: 0 }}
    >
      <Box component="legend" sx={{ px: 0.5 }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              size="small"
              checked={held === codenames.length}
              indeterminate={held > 0 && held < codenames.length}
              disabled={props.readOnly}
              onChange={(event) => props.onChange(codenames, event.target.checked)}
              slotProps={{ input: { 'aria-label': t('adminUsers.picker.selectAll', { model: name }) } }}
            />
          }
          label={<Typography sx={{ fontWeight: 600 }}>{name}</Typography>}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {model.permissions.map((permission) => (
          <FormControlLabel
            key={permission.codename}
            control={
              <Checkbox
                size="small"
                name={permission.codename}
                checked={selected.has(permission.codename)}
                disabled={props.readOnly}
                onChange={(event) => props.onChange([permission.codename], event.target.checked)}
              />
            }
            label={actionName(t, permission)}
            title={permission.codename}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The permission picker of the users and groups forms, bound to a list of codenames: one fieldset per
 * model (legend with a select-all box), models under their app's heading.
 */
export function PermissionPicker<T extends FieldValues>(props: {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  legend: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const choices = useUserChoices();
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value = (field.value ?? []) as string[];
  const selected = new Set(value);
  const change = (codenames: string[], checked: boolean) => {
    const next = new Set(value);
    for (const codename of codenames) {
      if (checked) next.add(codename);
      else next.delete(codename);
    }
    field.onChange([...next].sort());
  };
  const models = choices.data?.permissions ?? [];
  const apps = [...new Set(models.map((model) => model.app))];

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="permission-picker">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {props.legend}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          (
          {t('adminUsers.picker.selected', {
            count: value.length,
            total: models.flatMap((m) => m.permissions).length,
          })}
          )
        </Typography>
      </Typography>
      {fieldState.error?.message && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translateMessage(fieldState.error.message)}
        </Alert>
      )}
      {choices.isError && !choices.data && <LoadError onRetry={() => void choices.refetch()} />}
      {!choices.data && !choices.isError && (
        <Box role="status" aria-label={t('adminUsers.picker.loading')}>
          <Skeleton variant="rounded" height={120} />
        </Box>
      )}
      {apps.map((app) => (
        <Box key={app} sx={{ mb: 2 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {t(`adminUsers.picker.apps.${app}`, { defaultValue: app })}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {models
              .filter((model) => model.app === app)
              .map((model) => (
                <ModelFieldset
                  key={`${model.app}.${model.model}`}
                  model={model}
                  selected={selected}
                  readOnly={props.readOnly}
                  onChange={change}
                />
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
