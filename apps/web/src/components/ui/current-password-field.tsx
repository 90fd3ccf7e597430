import { FormField } from './form-field';
import { PasswordInput } from './password-input';

/** The signed-in person's own password, asked again before something a session alone must not do. */
export function CurrentPasswordField({
  value,
  onChange,
  error,
  label = 'Your password',
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormField label={label} error={error}>
      <PasswordInput
        value={value}
        required
        autoComplete="current-password"
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
