import pg from 'pg';
import { devLogin } from '../apps/server/test/support/server-process.ts';
import { load, type LoadResult } from './load.ts';

/** Rows of each list the demo organization has before its list is measured. */
const LISTED_ROWS = 500;

const suffixed = (column: string) => `${column} || '-bench-' || n`;
const monthsEarlier = (column: string) => `${column} - n * interval '1 month'`;

/**
 * The lists a member pages through, each with its table, how a copy changes the columns that
 * must stay unique (the n-th copy), and the page measured (the default one: what the page
 * opens with).
 */
const LISTS: {
  table: string;
  unique: Record<string, (column: string) => string>;
  url: string;
  page: string;
  /** The demo user who reads it: the people page is the organization admin's. */
  reader?: 'admin';
}[] = [
  {
    table: 'invoices',
    unique: { number: suffixed, period_start: monthsEarlier, period_end: monthsEarlier },
    url: '/api/billing/invoices',
    page: 'all',
  },
  {
    table: 'support_tickets',
    unique: { number: suffixed, tracking_code: suffixed },
    url: '/api/support/tickets',
    page: 'the newest 25',
  },
  {
    table: 'product_instances',
    // One product per order: the copies were ordered by nobody the bench knows.
    unique: { name: suffixed, order_id: () => 'null' },
    url: '/api/products',
    page: 'the newest 25',
  },
  {
    table: 'users',
    unique: { username: suffixed, email: (column) => `'bench-' || n || '-' || ${column}` },
    url: '/api/admin/users',
    page: 'the newest 50',
    reader: 'admin',
  },
];

/**
 * Brings each list of the demo organization to `count` rows in SQL: copies of its own demo rows
 * (every column as the demo has it, the unique ones suffixed), so the answers hold what real
 * ones do. Through the API this would take minutes and load the rest of the bench.
 */
async function seedLists(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const list of LISTS) {
      const { rows } = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_name = $1 and column_name <> 'id' order by ordinal_position`,
        [list.table],
      );
      const columns = rows.map((row) => row.column_name);
      const values = columns.map((column) => list.unique[column]?.(column) ?? column);
      await client.query(
        `with org as (select organization_id as id from users where username = 'demo'),
              have as (select count(*)::int as n from ${list.table}
                        where organization_id = (select id from org)),
              model as (select * from ${list.table}
                         where organization_id = (select id from org) order by id limit 1)
         insert into ${list.table} (${columns.join(', ')})
         select ${values.join(', ')}
           from model cross join generate_series(1, $1::int - (select n from have)) as n`,
        [count],
      );
      await client.query(`analyze ${list.table}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The organization's lists as the demo user (the people page: its admin) reads them, with 500 rows each on
 * PostgreSQL: the page a member opens, answered from the page kept for the organization.
 */
export async function organizationListsLoad(
  kind: string,
  serverUrl: string,
  cookie: string,
  databaseUrl: string,
): Promise<LoadResult[]> {
  await seedLists(databaseUrl, LISTED_ROWS);
  const adminCookie = await devLogin(serverUrl, 'admin');
  const results: LoadResult[] = [];
  for (const list of LISTS) {
    results.push(
      await load(
        `${kind} GET ${list.url} (${list.page} of ${LISTED_ROWS})`,
        `${serverUrl}${list.url}`,
        // As a browser asks: a large kept page goes gzipped, compressed once when it was written.
        {
          headers: {
            cookie: list.reader === 'admin' ? adminCookie : cookie,
            'accept-encoding': 'gzip',
          },
        },
      ),
    );
  }
  return results;
}
