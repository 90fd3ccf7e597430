import { useRef, useState, type ComponentProps } from 'react';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  fieldErrorsOf,
  useLazySchema,
  type FieldErrors,
  type SchemaLoader,
} from '@/components/ui/use-schema-form';
import type { Endpoint } from '@alpenkube/contract/endpoints';
import { apiRequest } from '@/lib/http';

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
  /** For the <form>: submits, and loads the schema on the first focus or input of a field. */
  formProps: Pick<ComponentProps<'form'>, 'noValidate' | 'onSubmit' | 'onFocus' | 'onInput'>;
  reset: () => void;
  mutation: { isPending: boolean; isError: boolean; isSuccess: boolean; error: Error | null };
}

/**
 * State, validation and submission of a public form. A field is checked when it loses focus,
 * and every field is checked on each change after the first submit attempt, so errors appear
 * where the visitor is looking without shouting while they type. The body is sent only once
 * the schema accepts it; the server's own message is shown when it refuses.
 *
 * The schema (and zod with it) is imported when the visitor first focuses or types in a field,
 * not with the page; a check asked for before it arrived waits for it.
 */
export function useLeadForm<S extends z.ZodObject, R>(options: {
  schema: SchemaLoader<S>;
  initial: z.input<S>;
  /** The contract's endpoint the form posts to; its answer type is the form's. */
  endpoint: Endpoint<R, z.input<S>, [], 'POST'>;
  /** Called with the server's answer, e.g. to show an updated record. */
  onSuccess?: (answer: R) => void;
}): LeadForm & { mutation: UseMutationResult<R, Error, z.output<S>> } {
  const { initial, endpoint, onSuccess } = options;
  const schema = useLazySchema(options.schema);
  const [values, setValuesState] = useState<Record<string, unknown>>(
    initial as Record<string, unknown>,
  );
  // Several fields can change before the next render (a browser's autofill, input the visitor
  // made before the page was live): each change builds on the one before, not on the render's.
  const latest = useRef(values);
  const setValues = (next: Record<string, unknown>) => {
    latest.current = next;
    setValuesState(next);
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: async (body: z.output<S>) => {
      const response = await apiRequest(endpoint.method, endpoint.path(), body);
      return (await response.json()) as R;
    },
    onSuccess,
  });

  async function validateField(name: string, next: Record<string, unknown>) {
    const result = await schema.safeParse(next);
    const message = result.success ? undefined : fieldErrorsOf(result.error)[name];
    setErrors((prev) => ({ ...prev, [name]: message }));
  }

  /** A field's check; if the schema cannot be imported, the submit says so. */
  function checkField(name: string, next: Record<string, unknown>) {
    validateField(name, next).catch(() => undefined);
  }

  function setValue(name: string, value: unknown) {
    const next = { ...latest.current, [name]: value };
    setValues(next);
    if (submitted || errors[name]) checkField(name, next);
  }

  async function submit(form: HTMLFormElement) {
    setSubmitted(true);
    const checked = await schema.checkSubmit(form, values, setErrors);
    if (checked) mutation.mutate(checked.data);
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
      onBlur: () => checkField(name, values),
    };
  }

  return { values, setValue, errors, bind, formProps: schema.formProps(submit), reset, mutation };
}
