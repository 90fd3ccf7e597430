import { Download } from 'lucide-react';
import type { TicketAttachment } from '@alpenkube/contract';
import { Badge } from '@/components/ui/badge';
import { attachmentTypeLabel, formatBytes } from '../ticket-labels';

/**
 * A message's files, each a download link (the server answers them as attachments), with the
 * type found in its bytes beside its name. The name is isolated (`bdi`), so that no character
 * in it can reorder what is shown around it.
 */
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
            <bdi className="truncate">{file.fileName}</bdi>
            <Badge variant="outline" className="shrink-0 px-1.5 py-0 text-[0.7rem] font-medium">
              {attachmentTypeLabel(file.contentType)}
            </Badge>
            <span className="shrink-0 text-muted-foreground">{formatBytes(file.sizeBytes)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
