/**
 * Multipart bodies as browsers and scripts send them, and as they get them wrong: the form's
 * fields with files of every allowed type, and files, parts and boundaries that must be refused.
 * The cases know only the form's fields and the attachment rules of the contract, not how a
 * route reads them.
 */
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '@alpenkube/contract';
import { multipartBody, type FieldValue, type FilePart } from './multipart-form.ts';

export type { FieldValue };

export interface MultipartCase {
  label: string;
  /** Whether the route must accept it (2xx); otherwise it must refuse it (4xx) and write nothing. */
  valid: boolean;
  contentType: string;
  payload: Buffer;
}

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

/** The smallest files of each type the attachments take, recognised by their first bytes. */
export const ALLOWED_FILES: FilePart[] = [
  {
    fileName: 'screen.png',
    contentType: 'image/png',
    data: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'),
  },
  {
    fileName: 'photo.jpg',
    contentType: 'image/jpeg',
    data: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  },
  { fileName: 'anim.gif', contentType: 'image/gif', data: bytes('GIF89a', [1, 0, 1, 0]) },
  {
    fileName: 'pic.webp',
    contentType: 'image/webp',
    data: bytes('RIFF', [4, 0, 0, 0], 'WEBPVP8 '),
  },
  { fileName: 'report.pdf', contentType: 'application/pdf', data: bytes('%PDF-1.7\n%%EOF\n') },
  {
    fileName: 'kubelet.log',
    contentType: 'text/plain',
    data: bytes('E1128 kubelet: \u001b[31mback-off\u001b[0m restarting failed container\n'),
  },
];

const REFUSED_FILES: { label: string; file: FilePart }[] = [
  {
    label: 'an executable',
    file: { fileName: 'tool', data: bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], 'ELF body') },
  },
  {
    label: 'a zip archive named as an image',
    file: {
      fileName: 'logs.png',
      contentType: 'image/png',
      data: bytes([0x50, 0x4b, 3, 4, 20, 0]),
    },
  },
  {
    label: 'text that is not UTF-8',
    file: {
      fileName: 'latin1.txt',
      contentType: 'text/plain',
      data: bytes('caf', [0xe9, 0xff, 0xfe]),
    },
  },
  { label: 'an empty file', file: { fileName: 'empty.txt', data: Buffer.alloc(0) } },
  {
    label: 'a part one byte over the size limit',
    file: {
      fileName: 'huge.log',
      contentType: 'text/plain',
      data: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 'a'),
    },
  },
];

/** Every multipart case for a form whose valid fields are `fields`. */
export function multipartCases(fields: Record<string, FieldValue>): MultipartCase[] {
  const boundary = '----fuzzBoundary7MA4YWxkTrZu0gW';
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const form = (
    label: string,
    valid: boolean,
    formFields: Record<string, FieldValue>,
    files: FilePart[],
  ): MultipartCase => ({
    label,
    valid,
    contentType,
    payload: multipartBody(boundary, formFields, files),
  });
  const [firstField] = Object.keys(fields);
  const withoutFirst = { ...fields };
  if (firstField) delete withoutFirst[firstField];
  const manyFields: Record<string, FieldValue> = { ...fields };
  for (let i = 0; i < 40; i++) manyFields[`extra${i}`] = 'x';

  return [
    form('valid: the fields alone', true, fields, []),
    form('valid: an image of each type', true, fields, ALLOWED_FILES.slice(0, 4)),
    form('valid: a PDF and a log', true, fields, ALLOWED_FILES.slice(4)),
    form('valid: a file name with a path and control characters', true, fields, [
      { ...ALLOWED_FILES[5]!, fileName: '../../etc/\u0007pass"wd.log' },
    ]),
    ...REFUSED_FILES.map(({ label, file }) => form(label, false, fields, [file])),
    form('a refused file after a good one', false, fields, [
      ALLOWED_FILES[0]!,
      REFUSED_FILES[0]!.file,
    ]),
    form(
      'one file too many',
      false,
      fields,
      Array.from({ length: ATTACHMENT_MAX_FILES + 1 }, (_, i) => ({
        ...ALLOWED_FILES[5]!,
        fileName: `part-${i}.log`,
      })),
    ),
    form(`a missing field (${firstField})`, false, withoutFirst, [ALLOWED_FILES[0]!]),
    form('a file sent as a text field', false, { ...fields, files: 'not a file' }, []),
    form('an unknown field', false, { ...fields, zzUnknown: 'x' }, []),
    form('a field over 64 KB', false, { ...fields, [firstField ?? 'zz']: 'f'.repeat(70_000) }, []),
    form('forty fields too many', false, manyFields, []),
    {
      label: 'a boundary the body does not use',
      valid: false,
      contentType: `multipart/form-data; boundary=${boundary}X`,
      payload: multipartBody(boundary, fields, [ALLOWED_FILES[0]!]),
    },
    {
      label: 'a body without its closing boundary',
      valid: false,
      contentType,
      payload: multipartBody(boundary, fields, [ALLOWED_FILES[0]!], { close: false }),
    },
    {
      label: 'a file cut off in the middle',
      valid: false,
      contentType,
      payload: multipartBody(boundary, fields, [ALLOWED_FILES[4]!]).subarray(0, -30),
    },
  ];
}
