import { useState } from 'react';
import { staffMessageSchema, type Ticket } from '@alpenkube/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useTicketChange } from '../queries';
import { toFormData } from '../requests';
import { AttachmentPicker } from './attachment-picker';

/**
 * Writes a message with files. Staff may make it an internal note instead of a reply; a
 * customer's reply puts the ticket back with the team.
 */
export function ReplyBox({
  send,
  viewer,
  label = 'Your reply',
}: {
  send: (data: FormData) => Promise<Ticket>;
  viewer: 'customer' | 'staff';
  label?: string;
}) {
  const { toast } = useToast();
  const [files, setFiles] = useState<File[]>([]);
  const form = useZodForm(staffMessageSchema, { defaultValues: { body: '', internal: false } });
  const internal = form.watch('internal') === true;
  const post = useTicketChange(send, {
    staff: viewer === 'staff',
    onSuccess: () => {
      form.reset({ body: '', internal: false });
      setFiles([]);
      toast({ title: internal ? 'Note added' : 'Reply sent', variant: 'success' });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ body, internal: note }) =>
    post.mutate(toFormData(viewer === 'staff' ? { body, internal: note } : { body }, files)),
  );
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-3"
        aria-label={label}
      >
        <FormRootError />
        <FormInputField
          control={form.control}
          name="body"
          label={internal ? 'Internal note (the customer never sees it)' : label}
          render={(field) => <Textarea rows={5} {...field} />}
        />
        <AttachmentPicker files={files} onChange={setFiles} disabled={post.isPending} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {viewer === 'staff' ? (
            <label className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={internal}
                onChange={(event) => form.setValue('internal', event.target.checked)}
              />
              Internal note
            </label>
          ) : (
            <span />
          )}
          <SubmitButton pending={post.isPending} pendingText="Sending…">
            {internal ? 'Add the note' : 'Send the reply'}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}
