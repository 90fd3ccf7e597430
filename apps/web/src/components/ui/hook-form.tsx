import {
  createContext,
  use,
  useEffect,
  useId,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Slot } from 'radix-ui';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type Control,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { FormAlert } from './form';
import { Label } from './label';
import { SERVER_ERROR } from './use-zod-form';
import { cn } from '@/lib/cn';

/*
 * The signed-in pages' form system (ADR 0004), in shadcn's shape: `useZodForm` makes the form,
 * `<Form {...form}>` provides it, and each field is
 *
 *   <FormField control={form.control} name="nodePools.2.count" render={({ field }) => (
 *     <FormItem>
 *       <FormLabel>Nodes</FormLabel>
 *       <FormControl><Input {...field} /></FormControl>
 *       <FormDescription>…</FormDescription>
 *       <FormMessage />
 *     </FormItem>
 *   )} />
 *
 * `name` is checked against the schema's input, so a nested field (one row of an array) has its
 * own error. Public pages use the lighter `useSchemaForm` and `form-field.tsx` instead.
 */

/** Provides the form to the fields: spread the `useZodForm` result on it. */
export const Form = FormProvider;

const FormFieldContext = createContext<{ name: string } | null>(null);
const FormItemContext = createContext<{
  id: string;
  /** Whether a FormDescription is rendered, so the control never names a missing hint. */
  described: boolean;
  setDescribed: (described: boolean) => void;
} | null>(null);

/** One field of the form, by its path in the schema's input (`email`, `nodePools.2.count`). */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext>
  );
}

/** The field's ids and validation state, for the parts inside a FormItem. */
export function useFormField() {
  const field = use(FormFieldContext);
  const item = use(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name });
  if (!field || !item)
    throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const { error } = getFieldState(field.name, formState);
  return {
    name: field.name,
    id: item.id,
    described: item.described,
    setDescribed: item.setDescribed,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
    error,
  };
}

/** A field's label, control, hint and message, stacked. */
export function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  const [described, setDescribed] = useState(false);
  return (
    <FormItemContext value={{ id, described, setDescribed }}>
      <div className={cn('grid gap-2', className)} {...props} />
    </FormItemContext>
  );
}

export function FormLabel(props: ComponentProps<typeof Label>) {
  const { controlId } = useFormField();
  return <Label htmlFor={controlId} {...props} />;
}

/**
 * Wraps exactly one control (Input, PasswordInput…) and gives it its id, `aria-invalid` while
 * the field has an error, and `aria-describedby` naming the message or else the hint.
 */
export function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { controlId, descriptionId, messageId, error, described } = useFormField();
  return (
    <Slot.Root
      id={controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error?.message ? messageId : described ? descriptionId : undefined}
      {...props}
    />
  );
}

/** A short hint under the control; hidden while the field shows an error. */
export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId, error, setDescribed } = useFormField();
  const shown = !error?.message;
  useEffect(() => {
    setDescribed(shown);
    return () => setDescribed(false);
  }, [shown, setDescribed]);
  if (!shown) return null;
  return (
    <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/** The field's error message (the schema's, or the server's); nothing while it is valid. */
export function FormMessage({ className, ...props }: ComponentProps<'p'>) {
  const { messageId, error } = useFormField();
  if (!error?.message) return null;
  return (
    <p id={messageId} role="alert" className={cn('text-sm text-destructive', className)} {...props}>
      {error.message}
    </p>
  );
}

/** The form-level error: what the server said when it refused a submit (`setServerErrors`). */
export function FormRootError({ className }: { className?: string }) {
  const { errors } = useFormState();
  const message = errors.root?.server?.message ?? errors.root?.message;
  if (!message) return null;
  return <FormAlert className={className}>{message}</FormAlert>;
}

/**
 * The usual field in one element: label, one control, an optional hint and the field's error.
 * `render` gets the field's props to spread on the control. Compose the parts above instead
 * when a field needs more (several controls, a custom layout).
 */
export function FormInputField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({
  control,
  name,
  label,
  description,
  render,
}: {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  render: (field: ControllerRenderProps<TFieldValues, TName>) => ReactElement;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{render(field)}</FormControl>
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export { SERVER_ERROR };
