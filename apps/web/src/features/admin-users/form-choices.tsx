import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../i18n/index.js';

interface BoundProps<T extends FieldValues> {
  control: Control<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  helperText?: string;
}

/** A yes/no field as a switch, its help or its error under it. */
export function FormSwitchField<T extends FieldValues>(props: BoundProps<T>) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const helpId = useId();
  const message = fieldState.error?.message;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            disabled={props.disabled}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': helpId } as object }}
          />
        }
        label={props.label}
      />
      <FormHelperText id={helpId} error={Boolean(message)} sx={{ mt: 0, ml: 0 }}>
        {message ? translateMessage(message) : props.helperText}
      </FormHelperText>
    </Box>
  );
}

/** A set of ids chosen with checkboxes inside a fieldset (the user's groups). */
export function FormCheckboxGroup<T extends FieldValues>(
  props: BoundProps<T> & { options: { id: number; name: string }[]; empty: string },
) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const value = (field.value ?? []) as number[];
  const message = fieldState.error?.message;
  const toggle = (id: number, checked: boolean) =>
    field.onChange(checked ? [...value, id] : value.filter((held) => held !== id));
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      data-testid={`choices-${props.name}`}
    >
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        {props.label}
      </Typography>
      {props.options.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {props.empty}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {props.options.map((option) => (
          <FormControlLabel
            key={option.id}
            label={option.name}
            control={
              <Checkbox
                checked={value.includes(option.id)}
                disabled={props.disabled}
                onChange={(event) => toggle(option.id, event.target.checked)}
              />
            }
          />
        ))}
      </Box>
      {message && <FormHelperText error>{translateMessage(message)}</FormHelperText>}
    </Box>
  );
}
