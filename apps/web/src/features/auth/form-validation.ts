import { useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** First message per top-level field, the way the form shows them under each input. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/**
 * Validates a form with the same contract schema the server uses, and calls onValid with the
 * parsed values. The errors stay until the next submit, so they don't flicker while typing.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  onValid: (data: z.output<S>, form: HTMLFormElement) => void,
  /** Adjusts the raw values before parsing: adds a token from the URL, maps '' to null… */
  prepare?: (values: Record<string, string>) => Record<string, unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const raw = formValues(form);
    const values = prepare ? prepare(raw) : raw;
    const result = schema.safeParse(values);
    if (!result.success) {
      const found = fieldErrorsOf(result.error);
      setErrors(found);
      // Focus the first invalid input so keyboard and screen-reader users land on the problem.
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    // The normalised values (trimmed, lower-cased) go out; the server parses them again.
    onValid(result.data, form);
  };

  return { errors, handleSubmit, setErrors };
}
