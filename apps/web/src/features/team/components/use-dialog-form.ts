// The team dialogs' shared form state: contract-checked values, server field errors, and one submit that toasts.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { toaster } from '@/components/ui/toaster';
import { apiErrorMessage } from '@/lib/api-error';
import { serverFormErrors, validate, type TFormErrors } from '@/lib/form-errors';

/**
 * `body` is checked against `schema` on every render (errors show after the first submit); `onSubmit` sends the
 * parsed body through `send`, toasts its answer and calls `onDone`, or shows the server's field and form errors.
 */
export function useDialogForm<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  body: unknown,
  send: (data: T) => Promise<string>,
  onDone: () => void,
) {
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const checked = validate(schema, body);
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  /** Forgets the server's error for a field the person changed (or all of them); the form's own check still shows. */
  const clearField = (field?: string) =>
    setServerErrors((e) => {
      if (!field) return {};
      const { [field]: _cleared, ...rest } = e;
      return rest;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFormError(null);
    if (!checked.data) return;
    try {
      toaster.success({ title: await send(checked.data) });
      onDone();
    } catch (error) {
      setServerErrors(serverFormErrors(error));
      setFormError(apiErrorMessage(error));
    }
  };
  return { errors, formError, onSubmit, clearField };
}
