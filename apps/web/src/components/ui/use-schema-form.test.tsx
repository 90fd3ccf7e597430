import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form';

const toast = vi.fn();
vi.mock('./use-toast', () => ({ toast: (input: unknown) => toast(input) }));

const schema = z.strictObject({ email: z.email('Enter a valid e-mail address') });

/** A loader the test resolves or rejects by hand, counting the imports it was asked for. */
function controlledLoader() {
  const calls: { resolve: () => void; reject: () => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof schema>((resolve, reject) => {
        calls.push({ resolve: () => resolve(schema), reject: () => reject(new Error('offline')) });
      }),
  );
  return { load, settle: (index: number) => calls[index]! };
}

function renderForm(load: () => Promise<typeof schema>, autoFocus = false) {
  const onValid = vi.fn();
  function Form() {
    const { errors, formProps } = useSchemaForm(load, (data) => onValid(data));
    return (
      <form {...formProps} aria-label="Subscribe">
        <input name="email" aria-label="E-mail" autoFocus={autoFocus} />
        {errors.email ? <p role="alert">{errors.email}</p> : null}
        <button type="submit">Send</button>
      </form>
    );
  }
  render(<Form />);
  return { onValid };
}

describe('useSchemaForm', () => {
  it('imports the schema on the first focus of a field, once', async () => {
    const { load } = controlledLoader();
    renderForm(load);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not count a field focused by autoFocus as the visitor starting', () => {
    const { load } = controlledLoader();
    renderForm(load, true);
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(load).not.toHaveBeenCalled();
  });

  it('holds a submit until the schema arrives, then validates with it, sending once', async () => {
    const { load, settle } = controlledLoader();
    const { onValid } = renderForm(load);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onValid).not.toHaveBeenCalled();
    await act(async () => settle(0).resolve());
    expect(onValid).toHaveBeenCalledExactlyOnceWith({ email: 'ann@example.com' });
  });

  it('shows the schema message and focuses the field', async () => {
    const { load, settle } = controlledLoader();
    renderForm(load);
    await userEvent.type(screen.getByLabelText('E-mail'), 'nope');
    await act(async () => settle(0).resolve());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid e-mail address');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
  });

  it('says so when the schema cannot be imported, and tries again on the next submit', async () => {
    const { load, settle } = controlledLoader();
    const { onValid } = renderForm(load);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await act(async () => settle(0).reject());
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => settle(1).reject());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => settle(2).resolve());
    expect(onValid).toHaveBeenCalledOnce();
  });
});
