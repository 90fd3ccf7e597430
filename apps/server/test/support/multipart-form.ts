/** Multipart bodies for the support routes' tests, and the one builder the fuzzer's cases use. */
export interface Part {
  name: string;
  data: Buffer;
  type?: string;
}

/** A file part as sent on the wire: `name` is the form field's (`files` unless told). */
export interface FilePart {
  name?: string;
  fileName: string;
  contentType?: string;
  data: Buffer;
}

/** A field's value: repeated parts for a list (checkboxes). */
export type FieldValue = string | string[];

/** A multipart/form-data body; `close: false` leaves out the closing boundary, as a cut body. */
export function multipartBody(
  boundary: string,
  fields: Record<string, FieldValue>,
  files: FilePart[],
  options: { close?: boolean } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'files'}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function form(fields: Record<string, FieldValue>, files: Part[] = []) {
  const boundary = `----alpenkube${Math.random().toString(16).slice(2)}`;
  return {
    payload: multipartBody(
      boundary,
      fields,
      files.map((file) => ({ fileName: file.name, contentType: file.type, data: file.data })),
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
