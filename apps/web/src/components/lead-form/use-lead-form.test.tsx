import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@alpenkube/contract/endpoints';
import { newsletterSchema } from '@alpenkube/contract/public-forms';
import { CheckboxField, TextField } from './form-fields';
import { PublicForm } from './public-form';
import { useLeadForm } from './use-lead-form';

afterEach(() => vi.unstubAllGlobals());

/** The newsletter form, with a schema import the test lets arrive when it wants. */
function renderNewsletterForm() {
  let arrive: () => void = () => undefined;
  const loadSchema = vi.fn(
    () =>
      new Promise<typeof newsletterSchema>((resolve) => (arrive = () => resolve(newsletterSchema))),
  );
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'Check your inbox.' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  function NewsletterForm() {
    const form = useLeadForm({
      schema: loadSchema,
      endpoint: endpoints.publicForms.newsletterSubscribe,
      initial: { email: '', consent: false as never, website: '' },
    });
    return (
      <PublicForm
        form={form}
        submitLabel="Subscribe"
        success={{ title: 'Subscribed', message: 'Thank you.' }}
      >
        <TextField form={form} name="email" label="E-mail" type="email" />
        <CheckboxField form={form} name="consent" label="I agree" />
      </PublicForm>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
  return { loadSchema, fetchMock, arrive: () => act(async () => arrive()) };
}

describe('useLeadForm', () => {
  it('keeps every field of several changes made before the next render (autofill)', () => {
    const { result } = renderHook(
      () =>
        useLeadForm({
          schema: () => Promise.resolve(newsletterSchema),
          endpoint: endpoints.publicForms.newsletterSubscribe,
          initial: { email: '', consent: false as never, website: '' },
        }),
      {
        wrapper: ({ children }) => (
          <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
        ),
      },
    );
    act(() => {
      result.current.setValue('email', 'ada@example.eu');
      result.current.setValue('website', 'example.eu');
    });
    expect(result.current.values).toMatchObject({ email: 'ada@example.eu', website: 'example.eu' });
  });

  it('loads nothing until a field is used, then checks a field on blur once the schema is there', async () => {
    const { loadSchema, arrive } = renderNewsletterForm();
    expect(loadSchema).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.tab();
    expect(loadSchema).toHaveBeenCalledOnce();
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    await arrive();
    expect(screen.getByText('Enter a valid e-mail address')).toBeVisible();
  });

  it('holds a submit until the schema arrives, then sends the parsed values once', async () => {
    const { fetchMock, arrive } = renderNewsletterForm();
    await userEvent.type(screen.getByLabelText('E-mail'), ' Ann@Example.com ');
    await userEvent.click(screen.getByLabelText('I agree'));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await arrive();
    expect(await screen.findByRole('heading', { name: 'Subscribed' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      email: 'ann@example.com',
      consent: true,
      website: '',
    });
  });
});
