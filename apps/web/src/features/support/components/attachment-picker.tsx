import { useId, useState } from 'react';
import { Paperclip, X } from 'lucide-react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_MAX_FILES_PER_TICKET,
} from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/session/use-can';
import { formatBytes } from '../ticket-labels';

/**
 * Picks up to five files of 10 MB for a message. The limits are checked here for a quick
 * answer; the server checks them again and types each file by its bytes. Files need a verified
 * address in an approved organization (as ordering does), or a staff member: anyone else is
 * told why instead of being refused after sending.
 */
export function AttachmentPicker({
  files,
  onChange,
  disabled,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const staff = useCan('superAdmin');
  const mayAttach = useCan('orderer', 'support:write') || staff;

  function add(list: FileList | null) {
    const chosen = [...(list ?? [])];
    const tooBig = chosen.find((file) => file.size > ATTACHMENT_MAX_BYTES);
    const next = [...files, ...chosen.filter((file) => file.size <= ATTACHMENT_MAX_BYTES)];
    if (tooBig) setProblem(`${tooBig.name}: larger than 10 MB`);
    else if (next.length > ATTACHMENT_MAX_FILES)
      setProblem(`At most ${ATTACHMENT_MAX_FILES} files per message`);
    else setProblem(null);
    onChange(next.slice(0, ATTACHMENT_MAX_FILES));
  }

  if (!mayAttach) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="attachments-unavailable">
        Files can be attached once your e-mail address is verified and our team has approved your
        organization; describe the problem in words for now.
      </p>
    );
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm" disabled={disabled}>
          <label htmlFor={id} className="cursor-pointer">
            <Paperclip className="size-4" aria-hidden="true" /> Attach files
          </label>
        </Button>
        <input
          id={id}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          disabled={disabled || files.length >= ATTACHMENT_MAX_FILES}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <span className="text-xs text-muted-foreground">
          Images, PDF, text or logs; up to {ATTACHMENT_MAX_FILES} files of 10 MB,{' '}
          {ATTACHMENT_MAX_FILES_PER_TICKET} per ticket.
        </span>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {files.length ? (
        <ul className="grid gap-1 text-sm" aria-label="Files to send">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5"
            >
              <span className="min-w-0 truncate">
                {file.name}{' '}
                <span className="text-muted-foreground">({formatBytes(file.size)})</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
