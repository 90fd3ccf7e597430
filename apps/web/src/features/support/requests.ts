import type { TicketStatus } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request, requestForm } from '@/lib/http';

const { support } = endpoints;

/** A form's fields and chosen files as one multipart body (files under `files`). */
export function toFormData(fields: Record<string, unknown>, files: File[]): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, String(one));
  }
  for (const file of files) data.append('files', file, file.name);
  return data;
}

export const createTicket = (form: FormData) => requestForm(support.createTicket, form);
export const replyToTicket = (id: number, form: FormData) =>
  requestForm(support.replyTicket, form, id);
export const changeTicketStatus = (id: number, status: TicketStatus) =>
  request(support.ticketStatus, { params: [id], body: { status } });
export const requestCustomSolution = (form: FormData) => requestForm(support.customSolution, form);

export const assignToMe = (id: number) => request(support.assignToMe, { params: [id] });
export const postStaffMessage = (id: number, form: FormData) =>
  requestForm(support.staffMessage, form, id);
export const changeStaffStatus = (id: number, status: TicketStatus) =>
  request(support.staffStatus, { params: [id], body: { status } });
