import './texts.js';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { passwordMinLength } from '@stp/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path } from 'react-hook-form';
import { FormTextField, type FormFieldProps } from './form-fields.js';

/** A password field bound to a react-hook-form field, with a button that shows or hides what was typed. */
export function FormPasswordField<T extends FieldValues>({ slotProps, ...props }: FormFieldProps<T>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const input = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInput = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label={t(visible ? 'auth.password.hide' : 'auth.password.show')}
        onClick={() => setVisible((shown) => !shown)}
        // Keeps the focus (and the caret) in the field while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: { ...input, endAdornment: toggle },
        // Shown as text, a password must not be corrected or capitalised by the keyboard.
        htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, ...htmlInput },
      }}
    />
  );
}

/** The fields of ZNewPasswordSchema (spec 5: New Password and Confirm Password). */
export interface NewPasswordValues {
  new_password: string;
  confirm_password: string;
}

/** New Password (with the password rules under it) and Confirm Password, in any form that has both. */
export function NewPasswordFields<T extends NewPasswordValues>({
  control,
}: {
  control: FormFieldProps<T>['control'];
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormPasswordField
        control={control}
        name={'new_password' as Path<T>}
        label={t('fields.newPassword')}
        autoComplete="new-password"
        helperText={t('auth.password.rules', { min: passwordMinLength })}
        required
      />
      <FormPasswordField
        control={control}
        name={'confirm_password' as Path<T>}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
