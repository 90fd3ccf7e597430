import { useState, type FormEvent } from 'react';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@/lib/http';

export type FieldErrors = Record<string, string | undefined>;

/** What the field components need from a form, whatever its schema and answer type. */
export interface LeadForm {
  values: Record<string, unknown>;
  setValue: (name: string, value: unknown) => void;
  errors: FieldErrors;
  bind: (name: string) => {
    name: string;
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    onBlur: () => void;
  };
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  reset: () => void;
  mutation: { isPending: boolean; isError: boolean; isSuccess: boolean; error: Error | null };
}

/** Field name → first message, from a zod error. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * State, validation and submission of a public form. A field is checked when it loses focus,
 * and every field is checked on each change after the first submit attempt, so errors appear
 * where the visitor is looking without shouting while they type. The body is sent only once
 * the schema accepts it; the server's own message is shown when it refuses.
 */
export function useLeadForm<S extends z.ZodObject, R = { message?: string }>(options: {
  schema: S;
  initial: z.input<S>;
  endpoint: string;
  /** Called with the server's answer, e.g. to show an updated record. */
  onSuccess?: (answer: R) => void;
}): LeadForm & { mutation: UseMutationResult<R, Error, z.output<S>> } {
  const { schema, initial, endpoint, onSuccess } = options;
  const [values, setValues] = useState<Record<string, unknown>>(initial as Record<string, unknown>);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: z.output<S>) => apiJson<R>('POST', endpoint, body),
    onSuccess,
  });

  function validateField(name: string, next: Record<string, unknown>) {
    const result = schema.safeParse(next);
    const message = result.success ? undefined : fieldErrors(result.error)[name];
    setErrors((prev) => ({ ...prev, [name]: message }));
  }

  function setValue(name: string, value: unknown) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted || errors[name]) validateField(name, next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = schema.safeParse(values);
    if (!result.success) {
      const found = fieldErrors(result.error);
      setErrors(found);
      // Move focus to the first invalid control so keyboard and screen-reader users land on it.
      const first = Object.keys(found)[0];
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    mutation.mutate(result.data);
  }

  function reset() {
    setValues(initial as Record<string, unknown>);
    setErrors({});
    setSubmitted(false);
    mutation.reset();
  }

  /** Props for a text-like control bound to one field. */
  function bind(name: string) {
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (e: { target: { value: string } }) => setValue(name, e.target.value),
      onBlur: () => validateField(name, values),
    };
  }

  return { values, setValue, errors, bind, handleSubmit, reset, mutation };
}
