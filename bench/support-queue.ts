import pg from 'pg';
import { load, type LoadResult } from './load.ts';

/** Tickets in the database before the staff queue is measured. */
export const QUEUED_TICKETS = 10_000;

/**
 * Brings the platform to `count` tickets, written in SQL: a fifth anonymous, the rest spread
 * over the organizations, about half open with a response target from two days overdue to three
 * days ahead, the others waiting on the customer or settled, a third assigned to the super
 * admin, each with one message: a support team's queue after a couple of years.
 */
async function seedTickets(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `with orgs as (select array_agg(id order by id) as ids from organizations),
        staff as (select id from users where username = 'superadmin'),
        missing as (select $1::int - count(*)::int as n from support_tickets),
        made as (
          insert into support_tickets (number, tracking_code, organization_id, email, category,
                                       severity, subject, status, assignee_id, response_due_at,
                                       created_at, updated_at)
          select 'B-' || i, 'BENCH-' || i,
                 case when i % 5 = 0 then null else orgs.ids[1 + i % array_length(orgs.ids, 1)] end,
                 'bench' || i || '@example.eu',
                 (array['technical', 'billing', 'sales'])[1 + i % 3],
                 (array['low', 'normal', 'high', 'urgent'])[1 + i % 4],
                 'Bench ticket ' || i,
                 (array['open', 'open', 'awaiting_customer', 'resolved', 'closed'])[1 + i % 5],
                 case when i % 3 = 0 then staff.id end,
                 case when i % 5 in (0, 1)
                      then now() - interval '2 days' + (i % 7200) * interval '1 minute' end,
                 now() - i * interval '5 minutes', now()
            from generate_series(1, (select n from missing)) as i
           cross join orgs cross join staff
          returning id, created_at)
      insert into support_ticket_messages (ticket_id, author, body, created_at)
      select id, 'customer', 'Something is wrong, please help.', created_at from made`,
      [count],
    );
    await client.query('analyze support_tickets');
  } finally {
    await client.end();
  }
}

/** `GET /api/support/queue` as a super admin: the first page of 50 of 10,000 tickets. */
export async function supportQueueLoad(
  kind: string,
  serverUrl: string,
  staffCookie: string,
  databaseUrl: string,
): Promise<LoadResult[]> {
  await seedTickets(databaseUrl, QUEUED_TICKETS);
  const headers = { cookie: staffCookie };
  return [
    await load(
      `${kind} GET /api/support/queue (staff: a page of 50 of ${QUEUED_TICKETS})`,
      `${serverUrl}/api/support/queue`,
      { headers },
    ),
    await load(
      `${kind} GET /api/support/queue?status=open&assignee=me (filtered)`,
      `${serverUrl}/api/support/queue?status=open&assignee=me`,
      { headers },
    ),
  ];
}
