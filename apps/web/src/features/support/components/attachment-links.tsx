import { Download } from 'lucide-react';
import type { TicketAttachment } from '@alpenkube/contract';
import { formatBytes } from '../ticket-labels';

/** A message's files, each a download link (the server answers them as attachments). */
export function AttachmentLinks({
  files,
  href,
}: {
  files: TicketAttachment[];
  href: (attachmentId: number) => string;
}) {
  if (!files.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Attachments">
      {files.map((file) => (
        <li key={file.id}>
          <a
            href={href(file.id)}
            download={file.fileName}
            className="inline-flex max-w-full items-center gap-1.5 rounded-md border bg-background px-2.5 py-1 text-xs hover:bg-accent"
          >
            <Download className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{file.fileName}</span>
            <span className="text-muted-foreground">
              {file.contentType} · {formatBytes(file.sizeBytes)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
