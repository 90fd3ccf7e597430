import { Lock } from 'lucide-react';
import type { Ticket } from '@alpenkube/contract';
import { cn } from '@/lib/cn';
import { formatWhen } from '../ticket-labels';
import { AttachmentLinks } from './attachment-links';

/**
 * A ticket's messages, oldest first. Staff see their internal notes marked as such; a
 * customer's answer never holds them (the server leaves them out).
 */
export function Conversation({
  ticket,
  viewer,
  attachmentHref,
}: {
  ticket: Ticket;
  viewer: 'customer' | 'staff';
  attachmentHref: (attachmentId: number) => string;
}) {
  return (
    <ol className="grid gap-3" aria-label="Conversation" data-testid="conversation">
      {ticket.messages.map((m) => (
        <li
          key={m.id}
          data-author={m.author}
          className={cn(
            'rounded-xl border p-4 text-sm',
            m.internal
              ? 'border-dashed border-warning/60 bg-warning/10'
              : m.author === 'support'
                ? 'border-primary/30 bg-primary/5'
                : 'border-border bg-background',
          )}
        >
          <p className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
            <span className="flex items-center gap-1.5 font-medium text-foreground">
              {m.internal ? <Lock className="size-3.5" aria-hidden="true" /> : null}
              {m.internal
                ? `Internal note · ${m.authorName ?? 'Staff'}`
                : m.author === 'support'
                  ? (m.authorName ?? 'Alpenkube support') +
                    (viewer === 'customer' ? ' · Alpenkube support' : '')
                  : (m.authorName ?? ticket.name ?? ticket.email)}
            </span>
            <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
          </p>
          <p className="mt-2 break-words whitespace-pre-wrap">{m.body}</p>
          <AttachmentLinks files={m.attachments} href={attachmentHref} />
        </li>
      ))}
    </ol>
  );
}
