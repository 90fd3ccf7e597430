import type { DataExportInput, ErasureInput } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { clearGetCache, HttpError, request } from '@/lib/http';

const { officers } = endpoints;

/**
 * Hands a file to the browser as a download: a link to an object URL, clicked once, then
 * released after the click has been handled.
 */
function saveBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * The person's data as a .zip: a POST (it records the request and carries its reason), so the
 * answer is read here and saved, rather than followed as a link.
 */
export async function exportPerson(input: DataExportInput) {
  const response = await fetch(officers.exportPerson.path(), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  clearGetCache();
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new HttpError(body.message ?? response.statusText, response.status);
  }
  const fileName = fileNameOf(response, `personal-data-user-${input.userId}.zip`);
  saveBlob(fileName, await response.blob());
  return fileName;
}

export const erasePerson = (input: ErasureInput) => request(officers.erasePerson, { body: input });
