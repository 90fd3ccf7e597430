import { MAX_ROW_ID } from '@alpenkube/contract/row-id';

/** A row's id as a URL gives it (`/clusters/:id`, `?order=`), or null for anything else. */
export function parseRowId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ROW_ID ? id : null;
}
