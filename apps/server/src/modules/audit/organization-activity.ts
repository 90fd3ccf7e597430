import type { Readable } from 'node:stream';
import {
  AUDIT_EXPORT_MAX_ROWS,
  STAFF_ACTOR,
  staffOnlyAuditActions,
  type ActivityEvent,
  type ActivityPage,
  type activityFilterSchema,
} from '@alpenkube/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine, csvStream } from '../../lib/csv.ts';
import { notFound } from '../../lib/http-error.ts';
import type { SessionUser } from '../sessions/index.ts';
import {
  listShapedAuditEvents,
  shapedAuditEventsFor,
  type AuditFilterValues,
  type AuditRow,
} from './audit-query.ts';

type ActivityFilterValues = z.output<typeof activityFilterSchema>;

export const ACTIVITY_CSV_HEADER =
  'id,at,actor,staff,action,target_type,target_id,outcome,ip,user_agent,details';

/**
 * An event as the organization sees it. Someone who is not one of its people now acted as
 * platform staff (an operator, an officer, support): the organization learns that staff acted,
 * not who, from where or with which browser.
 */
function asActivity(organizationId: number) {
  return (row: AuditRow): ActivityEvent => {
    const deleted = row.actorUserId !== null && row.actorOrganizationId === null;
    const staff = row.actorOrganizationId !== null && row.actorOrganizationId !== organizationId;
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor:
        row.actorUserId === null
          ? null
          : staff
            ? STAFF_ACTOR
            : deleted
              ? 'Deleted account'
              : row.actorUsername,
      staff,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      outcome: row.outcome,
      ip: staff ? null : row.ip,
      userAgent: staff ? null : row.userAgent,
      details: row.details,
    };
  };
}

const activityCsvLine = (event: ActivityEvent) =>
  csvLine([
    event.id,
    event.at,
    event.actor,
    event.staff ? 'yes' : 'no',
    event.action,
    event.targetType,
    event.targetId,
    event.outcome,
    event.ip,
    event.userAgent,
    JSON.stringify(event.details),
  ]);

/**
 * The organization a request reads: an admin's own (naming another is answered 404, as any
 * other organization's data is), a super admin's choice or their own.
 */
function organizationOf(actor: SessionUser, organizationId?: number): number {
  if (actor.role === 'super_admin') return organizationId ?? actor.organizationId;
  if (organizationId !== undefined && organizationId !== actor.organizationId) {
    throw notFound('Organization not found');
  }
  return actor.organizationId;
}

/** The officers' filter for one organization's trail. */
function trailFilter(organization: number, filter: ActivityFilterValues): AuditFilterValues {
  const { organizationId: _chosen, ...rest } = filter;
  return { ...rest, organization };
}

/** An organization's own activity log for its admins, from the audit trail. */
export function createOrganizationActivity(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    async page(
      actor: SessionUser,
      query: ActivityFilterValues & { before?: number; limit?: number },
    ): Promise<ActivityPage> {
      const organization = organizationOf(actor, query.organizationId);
      return listShapedAuditEvents(
        db,
        trailFilter(organization, query),
        { before: query.before, limit: query.limit, hiddenActions: staffOnlyAuditActions },
        asActivity(organization),
      );
    },

    /** The filter's events as CSV, streamed a page at a time (header first). */
    csv(actor: SessionUser, filter: ActivityFilterValues): Readable {
      const organization = organizationOf(actor, filter.organizationId);
      const events = shapedAuditEventsFor(
        db,
        trailFilter(organization, filter),
        { max: AUDIT_EXPORT_MAX_ROWS, hiddenActions: staffOnlyAuditActions },
        asActivity(organization),
      );
      return csvStream(ACTIVITY_CSV_HEADER, events, activityCsvLine);
    },
  };
}
export type OrganizationActivity = ReturnType<typeof createOrganizationActivity>;
