import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { toast } from './use-toast';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Imports a form's contract schema, e.g. `() => import('@alpenkube/contract/auth').then((m) =>
 * m.loginSchema)`. Pages import schemas only this way, so zod is not part of their first download.
 */
export type SchemaLoader<S> = () => Promise<S>;

/** First message per top-level field, the way the forms show them under each input. */
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
 * A form's schema, imported once the visitor starts using the form: the first focus or input of
 * a field starts the import, and a check asked for before it arrived waits for it. A failed
 * import is forgotten, so the next attempt tries again.
 */
export function useLazySchema<S extends z.ZodType>(loader: SchemaLoader<S>) {
  const request = useRef<Promise<S> | null>(null);
  const submitting = useRef(false);
  // A field focused by autoFocus while the form mounts is not the visitor starting to use it.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function load(): Promise<S> {
    request.current ??= loader().catch((error: unknown) => {
      request.current = null;
      throw error;
    });
    return request.current;
  }

  function preload() {
    if (mounted.current) load().catch(() => undefined);
  }

  async function safeParse(values: unknown) {
    return (await load()).safeParse(values);
  }

  /**
   * The submit's check: shows the schema's messages, focusing the first invalid control, and
   * resolves with the parsed values, or with null when there is nothing to send. Null also when
   * the schema could not be imported (the visitor is told) or an earlier submit still waits for
   * it (a second click must not send the form twice).
   */
  async function checkSubmit(
    form: HTMLFormElement,
    values: unknown,
    showErrors: (errors: FieldErrors) => void,
  ) {
    if (submitting.current) return null;
    submitting.current = true;
    let result;
    try {
      result = await safeParse(values);
    } catch {
      toast({
        title: 'The form could not be checked',
        description: 'Check your connection and try again.',
        variant: 'destructive',
      });
      return null;
    } finally {
      submitting.current = false;
    }
    if (!result.success) {
      const errors = fieldErrorsOf(result.error);
      showErrors(errors);
      const first = Object.keys(errors)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return null;
    }
    showErrors({});
    return result;
  }

  /** Props for the <form>: `submit` receives the form element. */
  function formProps(submit: (form: HTMLFormElement) => Promise<void>) {
    return {
      noValidate: true as const,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(event.currentTarget);
      },
      onFocus: preload,
      onInput: preload,
    };
  }

  return { safeParse, checkSubmit, formProps };
}

/**
 * Validates a form with the same contract schema the server uses, and calls onValid with the
 * parsed values. The errors stay until the next submit, so they don't flicker while typing.
 * Spread `formProps` on the <form>.
 */
export function useSchemaForm<S extends z.ZodType>(
  loadSchema: SchemaLoader<S>,
  onValid: (data: z.output<S>, form: HTMLFormElement) => void,
  /** Adjusts the raw values before parsing: adds a token from the URL, maps '' to null… */
  prepare?: (values: Record<string, string>) => Record<string, unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const schema = useLazySchema(loadSchema);

  async function submit(form: HTMLFormElement) {
    const raw = formValues(form);
    const checked = await schema.checkSubmit(form, prepare ? prepare(raw) : raw, setErrors);
    // The normalised values (trimmed, lower-cased) go out; the server parses them again.
    if (checked) onValid(checked.data, form);
  }

  return { errors, setErrors, formProps: schema.formProps(submit) };
}
