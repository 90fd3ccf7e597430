import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '@/lib/http';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootError,
} from './hook-form';
import { Input } from './input';
import { serverIssues, setServerErrors, useZodForm, withIssuePaths } from './use-zod-form';

const clusterSchema = z.object({
  name: z.string().min(1, 'Name the cluster'),
  nodePools: z.array(
    z.object({
      name: z.string(),
      count: z.coerce.number<string>().int().min(1, 'A pool needs at least one node'),
    }),
  ),
});

/** A cut-down cluster wizard: one row per node pool, the server answers with `answer`. */
function ClusterForm({
  answer,
  counts = ['3', '5', '2'],
}: {
  answer?: () => unknown;
  counts?: string[];
}) {
  const form = useZodForm(clusterSchema, {
    defaultValues: {
      name: 'prod',
      nodePools: ['system', 'workers', 'gpu'].map((name, i) => ({ name, count: counts[i]! })),
    },
  });
  const pools = useFieldArray({ control: form.control, name: 'nodePools' });
  const onSubmit = form.handleSubmit(async () => {
    try {
      await answer?.();
    } catch (error) {
      setServerErrors(form, error);
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Cluster">
        <FormRootError />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Cluster name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormDescription>Lower-case letters and digits.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {pools.fields.map((pool, index) => (
          <fieldset key={pool.id} aria-label={`Pool ${index}`}>
            <FormField
              control={form.control}
              name={`nodePools.${index}.count`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Nodes</FormLabel>
                  <FormControl>
                    <Input inputMode="numeric" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </fieldset>
        ))}
        <button type="submit">Create</button>
      </form>
    </Form>
  );
}

const row = (index: number) => within(screen.getByRole('group', { name: `Pool ${index}` }));

describe('hook form', () => {
  it('shows a nested field error on its own row only, wired to the control', async () => {
    const answer = vi.fn();
    render(<ClusterForm answer={answer} counts={['3', '5', '0']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await row(2).findByRole('alert')).toHaveTextContent('A pool needs at least one node');
    expect(row(0).queryByRole('alert')).toBeNull();
    expect(row(1).queryByRole('alert')).toBeNull();
    const invalid = row(2).getByLabelText('Nodes');
    expect(invalid).toHaveAttribute('aria-invalid', 'true');
    expect(invalid.getAttribute('aria-describedby')).toBe(row(2).getByRole('alert').id);
    expect(invalid).toHaveFocus();
    expect(row(1).getByLabelText('Nodes')).not.toHaveAttribute('aria-invalid');
    expect(answer).not.toHaveBeenCalled();

    await userEvent.clear(invalid);
    await userEvent.type(invalid, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('describes a control by its hint until it has an error', async () => {
    render(<ClusterForm />);
    const name = screen.getByLabelText('Cluster name');
    expect(screen.getByText('Lower-case letters and digits.').id).toBe(
      name.getAttribute('aria-describedby'),
    );
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name the cluster')).toBeInTheDocument();
    expect(screen.queryByText('Lower-case letters and digits.')).toBeNull();
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('Name the cluster').id);
  });
});

describe('setServerErrors', () => {
  it("puts each issue of a 400 under the field its path names, the rest in the form's error", async () => {
    const refused = new HttpError('nodePools.1.count: Over your quota', 400, [
      { path: ['nodePools', '1', 'count'], message: 'Over your quota' },
      { path: ['region'], message: 'Region is not available' },
    ]);
    render(
      <ClusterForm
        answer={() => {
          throw refused;
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await row(1).findByText('Over your quota')).toBeInTheDocument();
    expect(row(1).getByLabelText('Nodes')).toHaveAttribute('aria-invalid', 'true');
    expect(row(1).getByLabelText('Nodes')).toHaveFocus();
    expect(row(0).queryByRole('alert')).toBeNull();
    expect(row(2).queryByRole('alert')).toBeNull();
    // 'region' is no field of this form: its message is the form's.
    expect(screen.getByText('Region is not available')).toBeInTheDocument();
  });

  it("shows any other failure as the form's error, gone on the next submit", async () => {
    const answer = vi
      .fn()
      .mockRejectedValueOnce(new HttpError('Wrong password', 401))
      .mockResolvedValueOnce(undefined);
    render(<ClusterForm answer={answer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(screen.getByLabelText('Cluster name')).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(answer).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Wrong password')).toBeNull();
  });

  it("uses the server's message when no issue names a field", async () => {
    render(
      <ClusterForm
        answer={() => {
          throw new HttpError('Invalid request', 400, [{ path: [], message: 'Body is empty' }]);
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid request');
  });
});

describe('withIssuePaths', () => {
  it("renames the issues' paths to the form's fields, and can make a 409 one setServerErrors places", () => {
    const conflict = new HttpError('The name prod is taken', 409, [
      { path: ['cluster', 'name'], message: 'The name prod is taken' },
      { oops: true },
    ]);
    const placed = withIssuePaths(conflict, (path) => path.slice(1), 400);
    expect(placed).toBeInstanceOf(HttpError);
    expect((placed as HttpError).status).toBe(400);
    expect(serverIssues(placed)).toEqual([{ path: ['name'], message: 'The name prod is taken' }]);
    // Without issues, the error is the same one.
    const plain = new HttpError('Gone', 404);
    expect(withIssuePaths(plain, (path) => path)).toBe(plain);
  });
});
