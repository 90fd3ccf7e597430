import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3-compatible service, following the S3 REST API for what the file
 * store uses: PutObject, GetObject, HeadObject, DeleteObject and the multipart upload
 * (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload), path-style
 * (`/bucket/key`), with S3's XML errors (NoSuchKey, NoSuchBucket, NoSuchUpload, InvalidPart,
 * EntityTooSmall, AccessDenied). Requests must carry a SigV4 Authorization header for the
 * expected access key; the signature itself is not recomputed. Objects live in memory.
 */
export interface S3Double {
  endpoint: string;
  bucket: string;
  objects: Map<string, Buffer>;
  /** Multipart uploads started and neither completed nor aborted. */
  uploads: Map<string, { key: string; parts: Map<number, { etag: string; data: Buffer }> }>;
  /** Each request's operation, in order: `PutObject`, `UploadPart`… */
  operations: string[];
  close(): Promise<void>;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const md5 = (data: Buffer) => crypto.createHash('md5').update(data).digest('hex');

function xmlError(response: http.ServerResponse, status: number, code: string, message: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>double</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(body);
}

function xml(response: http.ServerResponse, body: string) {
  response.writeHead(200, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

async function bodyOf(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3Double(
  options: { bucket?: string; accessKeyId?: string } = {},
): Promise<S3Double> {
  const bucket = options.bucket ?? 'alpenkube-test';
  const accessKeyId = options.accessKeyId ?? 'double-access-key';
  const objects = new Map<string, Buffer>();
  const uploads: S3Double['uploads'] = new Map();
  const operations: string[] = [];
  const ns = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const query = url.searchParams;
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        await bodyOf(request);
        return xmlError(response, 403, 'AccessDenied', 'Access Denied');
      }
      if (bucketName !== bucket) {
        await bodyOf(request);
        return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      }
      if (String(request.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        await bodyOf(request);
        return xmlError(response, 501, 'NotImplemented', 'aws-chunked bodies are not served here');
      }
      const method = request.method ?? 'GET';
      const uploadId = query.get('uploadId');

      if (method === 'POST' && query.has('uploads')) {
        operations.push('CreateMultipartUpload');
        await bodyOf(request);
        const id = crypto.randomUUID();
        uploads.set(id, { key, parts: new Map() });
        return xml(
          response,
          `<InitiateMultipartUploadResult ${ns}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (method === 'PUT' && uploadId) {
        operations.push('UploadPart');
        const data = await bodyOf(request);
        const upload = uploads.get(uploadId);
        if (!upload) return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        const etag = `"${md5(data)}"`;
        upload.parts.set(Number(query.get('partNumber')), { etag, data });
        response.writeHead(200, { etag });
        return response.end();
      }
      if (method === 'POST' && uploadId) {
        operations.push('CompleteMultipartUpload');
        const listed = (await bodyOf(request)).toString();
        const upload = uploads.get(uploadId);
        if (!upload) return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        const parts = [...listed.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((match) => ({
          number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(match[1]!)?.[1]),
          etag: /<ETag>(.*?)<\/ETag>/.exec(match[1]!)?.[1]?.replaceAll('&quot;', '"'),
        }));
        const chosen = parts.map((part) => upload.parts.get(part.number));
        if (chosen.some((part, i) => !part || part.etag !== parts[i]!.etag)) {
          return xmlError(response, 400, 'InvalidPart', 'One or more parts could not be found');
        }
        if (chosen.slice(0, -1).some((part) => part!.data.length < MIN_PART_BYTES)) {
          return xmlError(response, 400, 'EntityTooSmall', 'A part is smaller than 5 MB');
        }
        const data = Buffer.concat(chosen.map((part) => part!.data));
        objects.set(upload.key, data);
        uploads.delete(uploadId);
        const etag = `"${md5(Buffer.from(chosen.map((p) => p!.etag.slice(1, -1)).join(''), 'hex'))}-${chosen.length}"`;
        return xml(
          response,
          `<CompleteMultipartUploadResult ${ns}><Location>http://double/${bucket}/${key}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag.replaceAll('"', '&quot;')}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === 'DELETE' && uploadId) {
        operations.push('AbortMultipartUpload');
        if (!uploads.delete(uploadId)) {
          return xmlError(response, 404, 'NoSuchUpload', 'No such upload');
        }
        response.writeHead(204);
        return response.end();
      }
      if (method === 'PUT') {
        operations.push('PutObject');
        const data = await bodyOf(request);
        objects.set(key, data);
        response.writeHead(200, { etag: `"${md5(data)}"` });
        return response.end();
      }
      if (method === 'GET' || method === 'HEAD') {
        operations.push(method === 'GET' ? 'GetObject' : 'HeadObject');
        const data = objects.get(key);
        if (!data) {
          if (method === 'HEAD') {
            response.writeHead(404);
            return response.end();
          }
          return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(data.length),
          etag: `"${md5(data)}"`,
          'last-modified': new Date().toUTCString(),
        });
        return response.end(method === 'GET' ? data : undefined);
      }
      if (method === 'DELETE') {
        operations.push('DeleteObject');
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      return xmlError(response, 405, 'MethodNotAllowed', 'Not served by this double');
    })().catch((error: unknown) => xmlError(response, 500, 'InternalError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    uploads,
    operations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
