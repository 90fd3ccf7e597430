import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { HttpError } from '@/lib/http';

/** A zod schema whose input is a form's values (an object). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodFormReturn<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * A react-hook-form form validated by a zod schema, typed by the schema: field names are
 * checked paths of its input (`nodePools.2.count`), and `handleSubmit` hands over its parsed
 * output. Like the public forms, it checks on submit and keeps the messages until the next
 * submit, so they don't flicker while someone types; pass `reValidateMode: 'onChange'` to
 * re-check as they type instead.
 *
 * Signed-in pages only: react-hook-form and a static schema import would break the public
 * pages' weight budget (ADR 0003, ADR 0004).
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): ZodFormReturn<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
    resolver: zodResolver(schema),
  });
}

/** One entry of a 400 answer's `issues`, as the server reports a body its schema refused. */
export interface ServerIssue {
  path: (string | number)[];
  message: string;
}

/** The key of the form-level error the server's message is shown under (`FormRootError`). */
export const SERVER_ERROR = 'root.server' as const;

/** The well-formed `issues` of an error answer (a 400's, or a 409 that names its field). */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!(error instanceof HttpError) || !Array.isArray(error.issues)) return [];
  return error.issues.filter(
    (issue): issue is ServerIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      Array.isArray((issue as ServerIssue).path) &&
      typeof (issue as ServerIssue).message === 'string',
  );
}

/**
 * The error with its issues under the form's own field names, for an API that names them
 * otherwise (the orders API under `cluster.`, the gateway's `expMonth`), so `setServerErrors`
 * places them; `status` turns another answer that names its field (a 409) into one it places.
 */
export function withIssuePaths(
  error: unknown,
  rename: (path: ServerIssue['path']) => ServerIssue['path'],
  status?: number,
): unknown {
  const issues = serverIssues(error);
  if (!issues.length || !(error instanceof HttpError)) return error;
  const renamed = issues.map((issue) => ({ ...issue, path: rename(issue.path) }));
  return new HttpError(error.message, status ?? error.status, renamed);
}

/**
 * Shows a failed submit's error where it belongs: each issue of a 400 answer
 * (`{ issues: [{ path: ['nodePools', '2', 'count'], message }] }`) under the field its path
 * names, focusing the first; anything else (another status, an issue naming no field of the
 * form, a network failure) as the form's root error.
 */
export function setServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, never>, 'setError' | 'getValues'>,
  error: unknown,
): void {
  const unplaced: string[] = [];
  let focused = false;
  const placeable = error instanceof HttpError && error.status === 400;
  for (const issue of placeable ? serverIssues(error) : []) {
    const name = issue.path.map(String).join('.');
    // A field the form holds has a value (an optional field is '' rather than undefined).
    if (name && form.getValues(name as FieldPath<T>) !== undefined) {
      form.setError(
        name as FieldPath<T>,
        { type: 'server', message: issue.message },
        { shouldFocus: !focused },
      );
      focused = true;
    } else {
      unplaced.push(issue.message);
    }
  }
  if (focused && unplaced.length === 0) return;
  // Nothing placed: the server's own message (it names the field) is what the user reads.
  const message = focused
    ? unplaced.join(' ')
    : error instanceof Error && error.message
      ? error.message
      : 'Something went wrong. Try again.';
  form.setError(SERVER_ERROR, { type: 'server', message });
}
