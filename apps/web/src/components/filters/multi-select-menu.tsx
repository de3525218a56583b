import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FilterSelectProps } from './filter-select.js';

/**
 * A multiple filter once a visitor has opened it: MUI's select with a menu of checkboxes, open from the
 * start (it replaces the closed field that was clicked). Default export: loaded with React's lazy.
 */
export default function MultiSelectMenu(
  props: FilterSelectProps & { testId: string; chosen: string[]; summary: string },
) {
  const { id, label, options, chosen } = props;
  return (
    <TextField
      id={id}
      label={label}
      size="small"
      margin={props.margin ?? 'none'}
      disabled={props.disabled}
      select
      value={chosen}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        props.onChange((Array.isArray(next) ? next : next.split(',')).join(','));
      }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          defaultOpen: true,
          autoFocus: true,
          renderValue: () => props.summary,
          SelectDisplayProps: { 'data-testid': props.testId } as object,
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          <Checkbox checked={chosen.includes(option.value)} size="small" sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}
