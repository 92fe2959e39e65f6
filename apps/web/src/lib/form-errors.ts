// Form error helpers for nested forms: zod issues and the server's fieldErrors as one message per dotted field path.
import type { z } from 'zod';
import { describeApiError } from '@/lib/api-error';

export type TFormErrors = Record<string, string>;

/** The first message per dotted path ("socialLinks.website", "openingHours.2.close"); form-level issues under "_root". */
export function zodFormErrors(error: z.ZodError): TFormErrors {
  const out: TFormErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_root';
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's per-field messages (400 answers), first one per field. */
export function serverFormErrors(error: unknown): TFormErrors {
  const info = describeApiError(error);
  const out: TFormErrors = {};
  for (const [key, messages] of Object.entries(info.fieldErrors ?? {})) {
    if (messages[0]) out[key] = messages[0];
  }
  return out;
}

/** Parses `value` with the schema: the data, or the errors to show. */
export function validate<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success
    ? { data: parsed.data, errors: {} as TFormErrors }
    : { data: undefined, errors: zodFormErrors(parsed.error) };
}
