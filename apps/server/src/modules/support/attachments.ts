import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  type attachmentTypes,
} from '@alpenkube/contract';
import { badRequest } from '../../lib/http-error.ts';

export type AttachmentType = (typeof attachmentTypes)[number];

export interface ReceivedFile {
  fileName: string;
  contentType: AttachmentType;
  sizeBytes: number;
  sha256: string;
  data: Buffer;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Executables and archives whose first bytes could pass as text (ELF's are printable): refused
 * even when a file is cut short. A Windows .exe or a gzip holds control bytes and fails below.
 */
const BINARY_SIGNATURES = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal, Java class
  [0x50, 0x4b, 0x03, 0x04], // zip, jar, docx
];

/** Text a person or a program logs: tab, line and form feeds, carriage return and ESC (colours). */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);
const isTextByte = (b: number) => b >= 0x20 || ALLOWED_CONTROLS.has(b);

/**
 * The type the bytes are, from their magic numbers; text is valid UTF-8 without control bytes
 * other than whitespace and ESC (logs, YAML, JSON). Anything else (an executable, an archive, a
 * document format we do not open) is null. The name and the browser's claim are never asked: a
 * `.png` of PDF bytes is a PDF.
 */
export function sniffType(data: Buffer): AttachmentType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]) && (data[4] === 0x37 || data[4] === 0x39)) {
    return 'image/gif';
  }
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (BINARY_SIGNATURES.some((signature) => startsWith(data, signature))) return null;
  if (data.length === 0 || !data.every(isTextByte)) return null;
  try {
    utf8.decode(data);
    return 'text/plain';
  } catch {
    return null;
  }
}

/** A name safe in a Content-Disposition header and in a list: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c > '\u001f' && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'attachment';
}

/** Checks one file's bytes against the rules; the refusal names the file and says why. */
export function acceptFile(fileName: string, data: Buffer): ReceivedFile {
  const name = cleanFileName(fileName);
  if (data.length > ATTACHMENT_MAX_BYTES) {
    throw badRequest(`${name}: larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (data.length === 0) throw badRequest(`${name}: the file is empty`);
  const contentType = sniffType(data);
  if (!contentType) {
    throw badRequest(
      `${name}: not an image (PNG, JPEG, GIF, WebP), a PDF or a text file; its content is something else`,
    );
  }
  return {
    fileName: name,
    contentType,
    sizeBytes: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    data,
  };
}

/** Field names whose values repeat (checkboxes): kept as arrays. */
const LIST_FIELDS = new Set(['compliance']);

/**
 * Reads a multipart request whole: its text fields and its files, each file checked by its
 * bytes. Everything is read before anything is written, so a refused file leaves no trace.
 */
export async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the form as multipart/form-data (fields and files)');
  }
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  let fileCount = 0;
  try {
    for await (const part of request.parts({
      limits: {
        // One over the limit, so the sixth file is seen and refused by name.
        files: ATTACHMENT_MAX_FILES + 1,
        fileSize: ATTACHMENT_MAX_BYTES + 1,
        fields: 30,
        fieldSize: 64 * 1024,
      },
    })) {
      if (part.type === 'file') {
        fileCount += 1;
        if (fileCount > ATTACHMENT_MAX_FILES) {
          throw badRequest(
            `${cleanFileName(part.filename)}: at most ${ATTACHMENT_MAX_FILES} files per message`,
          );
        }
        const data = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw badRequest(
              `${cleanFileName(part.filename)}: larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`,
            );
          }
          throw error;
        });
        // A file input left empty still sends a part, nameless and without bytes.
        if (!part.filename && data.length === 0) continue;
        files.push(acceptFile(part.filename, data));
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (LIST_FIELDS.has(part.fieldname)) {
          const list = fields[part.fieldname];
          fields[part.fieldname] = Array.isArray(list) ? [...list, value] : [value];
        } else {
          fields[part.fieldname] = value;
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest('Too many form fields');
    }
    if (code === 'FST_FILES_LIMIT') {
      throw badRequest(`At most ${ATTACHMENT_MAX_FILES} files per message`);
    }
    // The parser's own complaints (a boundary it cannot find, a body cut short) are plain
    // Errors whose message starts with "Multipart:" or "Unexpected end of form".
    const message = error instanceof Error ? error.message : '';
    if (
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      code === 'FST_PROTO_VIOLATION' ||
      code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      /^(Multipart:|Unexpected end of (form|multipart))/.test(message)
    ) {
      throw badRequest('The form data could not be read');
    }
    throw error;
  }
  return { fields, files };
}
