import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@stp/shared';
import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/api-error.js';
import { showError } from '../dialogs/dialogs.js';

export interface ZodForm<In extends FieldValues, Out> {
  form: UseFormReturn<In, unknown, Out>;
  /** The form-level message: "Please attend to the errors highlighted on the form." or the server's `_`. */
  formError: string | null;
  /** An onSubmit handler: validates with the schema, runs `action`, maps a 422 answer onto the fields. */
  onSubmit: (action: (values: Out) => Promise<void>) => (event?: React.BaseSyntheticEvent) => void;
}

/**
 * A react-hook-form form validated by a shared zod schema. What the user typed stays in place on every
 * failure; server field errors (422 `{ errors }`) land on their fields, the first one focused.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): ZodForm<z.input<S>, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit: ZodForm<z.input<S>, z.output<S>>['onSubmit'] = (action) => (event) =>
    void form.handleSubmit(
      async (values) => {
        setFormError(null);
        try {
          await action(values);
        } catch (error) {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const { _: general, ...fields } = error.fieldErrors;
            // Focus goes to the first field in error, as after the form's own validation (the save
            // button that had it is disabled while saving).
            Object.entries(fields).forEach(([name, message], index) =>
              form.setError(
                name as Path<z.input<S>>,
                { type: 'server', message },
                { shouldFocus: index === 0 },
              ),
            );
            setFormError(general ?? messages.formErrors);
            return;
          }
          showError(error);
        }
      },
      () => setFormError(messages.formErrors),
    )(event);

  return { form, formError, onSubmit };
}
