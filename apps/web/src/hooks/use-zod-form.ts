// A small form state hook driven by a zod schema from @cx/contracts: values, the first message per field, submit.
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type TValues = Record<string, string>;
export type TFieldErrors<V extends TValues> = Partial<Record<keyof V, string>>;

/** The first message of each field, so a field shows one clear problem at a time. */
export function firstErrors<V extends TValues>(error: z.ZodError): TFieldErrors<V> {
  const out: TFieldErrors<V> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof V | undefined;
    if (key !== undefined && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/**
 * Errors appear for a field once it was edited and left (blur) or the form was submitted, then update as the user types,
 * so nobody is told "Email is required" before they had a chance to type it.
 */
export function useZodForm<V extends TValues, TOut>(
  schema: z.ZodType<TOut, z.ZodTypeDef, unknown>,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<TFieldErrors<V>>({});

  const parsed = schema.safeParse(values);
  const allErrors: TFieldErrors<V> = parsed.success ? {} : firstErrors<V>(parsed.error);
  const errors: TFieldErrors<V> = {};
  for (const key of Object.keys(values) as Array<keyof V>) {
    const message = serverErrors[key] ?? ((submitted || touched[key]) && allErrors[key]);
    if (message) errors[key] = message;
  }

  /** Everything a field component needs: name, value, handlers and its one message (if any). */
  const field = (name: keyof V & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      setServerErrors((prev) => ({ ...prev, [name]: undefined }));
    },
    // Leaving a field the user never typed in says nothing: the dialog focuses the first field by itself, and a
    // message appearing on that blur would shift the layout under the pointer heading for another button.
    onBlur: () => {
      if (values[name] !== initial[name]) setTouched((prev) => ({ ...prev, [name]: true }));
    },
  });

  const handleSubmit = (onValid: (data: TOut) => void | Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (parsed.success) void onValid(parsed.data);
  };

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return { values, setValues, errors, field, handleSubmit, reset, setServerErrors };
}
