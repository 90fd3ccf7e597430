import type { AlpenkubeClient } from '@alpenkube/client';
import { Command, Option } from 'commander';
import { UsageError } from './config.ts';
import { render, usd, type Format } from './output.ts';
import { confirm } from './prompt.ts';

type Api = () => AlpenkubeClient;
type Print = (text: string) => void;
type Examples = (command: Command, ...examples: string[]) => Command;

const TICKET_CATEGORIES = ['technical', 'billing', 'sales'] as const;
const TICKET_SEVERITIES = ['low', 'normal', 'high', 'urgent'] as const;

interface TicketRow {
  id: number;
  number: string;
  subject: string;
  status: string;
  severity: string;
  updatedAt: string;
}
const ticketColumns = [
  { header: 'ID', value: (t: TicketRow) => t.id },
  { header: 'NUMBER', value: (t: TicketRow) => t.number },
  { header: 'STATUS', value: (t: TicketRow) => t.status },
  { header: 'SEVERITY', value: (t: TicketRow) => t.severity },
  { header: 'UPDATED', value: (t: TicketRow) => t.updatedAt },
  { header: 'SUBJECT', value: (t: TicketRow) => t.subject },
];

/**
 * A support ticket's form as the API reads it (multipart: the web form sends attachments
 * alongside). The typed client passes a FormData through as it is.
 */
function ticketForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
const multipart = { bodySerializer: (body: unknown) => body as FormData };

interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  current: boolean;
}

/** A token's standing as the settings page shows it: revoked, expired or active. */
const tokenStatus = (t: TokenRow) =>
  t.revokedAt ? 'revoked' : Date.parse(t.expiresAt) <= Date.now() ? 'expired' : 'active';

/**
 * `tickets list|create|reply` (token scope support), `products list|order` (orders) and
 * `tokens list` (any token).
 */
export function addDayCommands(
  program: Command,
  {
    api,
    print,
    output,
    withExamples,
  }: { api: Api; print: Print; output: () => Format; withExamples: Examples },
) {
  const tickets = program.command('tickets').description("the organization's support tickets");

  withExamples(
    tickets
      .command('list')
      .description('the tickets, newest first')
      .action(async () => {
        const { data } = await api().GET('/api/support/tickets');
        print(render(data as TicketRow[], ticketColumns, output()));
      }),
    'alpenkube tickets list -o json',
  );

  withExamples(
    tickets
      .command('create')
      .description('open a ticket with the support team')
      .requiredOption('--subject <text>', 'what it is about (5 to 150 characters)')
      .requiredOption('--body <text>', 'the problem, described (at least 10 characters)')
      .addOption(
        new Option('--category <category>', 'who should answer')
          .choices(TICKET_CATEGORIES)
          .default('technical'),
      )
      .addOption(
        new Option('--severity <severity>', 'how urgent')
          .choices(TICKET_SEVERITIES)
          .default('normal'),
      )
      .option('--cluster <id>', 'the cluster it is about')
      .action(
        async (options: {
          subject: string;
          body: string;
          category: string;
          severity: string;
          cluster?: string;
        }) => {
          const { data } = await api().POST('/api/support/tickets', {
            body: ticketForm({
              subject: options.subject,
              body: options.body,
              category: options.category,
              severity: options.severity,
              ...(options.cluster ? { relatedClusterId: options.cluster } : {}),
            }) as never,
            ...multipart,
          });
          const ticket = data as unknown as TicketRow;
          if (output() === 'table') print(`Ticket ${ticket.number} opened (id ${ticket.id}).\n`);
          else print(render(ticket, ticketColumns, output()));
        },
      ),
    'alpenkube tickets create --subject "Nodes not ready" --body "Since 10:00 two nodes of web are NotReady." --severity high',
  );

  withExamples(
    tickets
      .command('reply <id>')
      .description('add a message to a ticket')
      .requiredOption('--body <text>', 'the message (at least 2 characters)')
      .action(async (id: string, options: { body: string }) => {
        if (!/^\d+$/.test(id)) throw new UsageError(`"${id}" is not a ticket id`);
        const { data } = await api().POST('/api/support/tickets/{id}/messages', {
          params: { path: { id } },
          body: ticketForm({ body: options.body }) as never,
          ...multipart,
        });
        const ticket = data as unknown as TicketRow;
        if (output() === 'table') print(`Replied to ${ticket.number} (${ticket.status}).\n`);
        else print(render(ticket, ticketColumns, output()));
      }),
    'alpenkube tickets reply 42 --body "Fixed after the recycle, thank you."',
  );

  const products = program.command('products').description('marketplace products');

  withExamples(
    products
      .command('list')
      .description("the marketplace's products and their plans, or --mine: the organization's")
      .option('--mine', "the organization's product instances instead")
      .action(async (options: { mine?: boolean }) => {
        const client = api();
        if (options.mine) {
          const { data } = await client.GET('/api/products');
          print(
            render(
              data!,
              [
                { header: 'ID', value: (p) => p.id },
                { header: 'NAME', value: (p) => p.name },
                { header: 'PRODUCT', value: (p) => p.productName },
                { header: 'PLAN', value: (p) => p.planName },
                { header: 'REGION', value: (p) => p.region },
                { header: 'STATUS', value: (p) => p.status },
              ],
              output(),
            ),
          );
          return;
        }
        const { data } = await client.GET('/api/products/catalog');
        print(
          render(
            data!,
            [
              { header: 'PRODUCT', value: (p) => p.slug },
              { header: 'NAME', value: (p) => p.name },
              { header: 'CATEGORY', value: (p) => p.category },
              {
                header: 'PLANS (MONTHLY)',
                value: (p) =>
                  p.plans.map((plan) => `${plan.slug} ${usd(plan.priceMonthly)}`).join(', '),
              },
            ],
            output(),
          ),
        );
      }),
    'alpenkube products list',
    'alpenkube products list --mine -o yaml',
  );

  withExamples(
    products
      .command('order <product>')
      .description(
        'order a product: shows its price, asks, then pays (credit first, then the card)',
      )
      .requiredOption('--plan <plan>', "one of the product's plans")
      .requiredOption('--region <code>', 'provider:region, as `products list -o json` shows')
      .requiredOption('--name <name>', 'its name (a DNS label)')
      .addOption(
        new Option('--billing-cycle <cycle>', 'how it renews')
          .choices(['monthly', 'yearly'])
          .default('monthly'),
      )
      .option('-y, --yes', 'order without asking')
      .action(
        async (
          slug: string,
          options: {
            plan: string;
            region: string;
            name: string;
            billingCycle: string;
            yes?: boolean;
          },
        ) => {
          const client = api();
          const { data: catalog } = await client.GET('/api/products/catalog');
          const product = catalog!.find((one) => one.slug === slug);
          if (!product)
            throw new UsageError(`No product "${slug}": see \`alpenkube products list\``);
          const plan = product.plans.find((one) => one.slug === options.plan);
          if (!plan) {
            throw new UsageError(
              `${product.name} has no plan "${options.plan}": ${product.plans.map((p) => p.slug).join(', ')}`,
            );
          }
          const yearly = options.billingCycle === 'yearly';
          const price = yearly
            ? `${usd(plan.priceYearly)} a year`
            : `${usd(plan.priceMonthly)} a month`;
          if (
            !options.yes &&
            !(await confirm(`Order ${product.name} ${plan.name} as ${options.name} for ${price}?`))
          ) {
            throw new UsageError('Not ordered.');
          }
          const { data: order } = await client.POST('/api/products', {
            params: { header: { 'idempotency-key': crypto.randomUUID() } },
            body: {
              product: slug,
              plan: options.plan,
              region: options.region,
              name: options.name,
              billingCycle: yearly ? 'yearly' : 'monthly',
            },
          });
          await client.POST('/api/orders/{id}/pay', {
            params: { path: { id: String(order!.id) } },
            body: {},
          });
          print(
            `Order ${order!.number} paid (${usd(order!.total)}): ${options.name} is being set up.\n`,
          );
        },
      ),
    'alpenkube products order postgres --plan starter --region alpenkube:eu-de-fra --name orders-db --yes',
  );

  // Read only, and open to any token whatever its scopes: creating and revoking tokens is for
  // a person in Settings › API tokens, so a leaked token can never make or widen another.
  const tokens = program.command('tokens').description('your API tokens (read only)');

  withExamples(
    tokens
      .command('list')
      .description(
        'your API tokens, newest first, the one in use marked * (never the tokens themselves)',
      )
      .action(async () => {
        const { data } = await api().GET('/api/api-tokens/mine');
        print(
          render(
            data!,
            [
              { header: 'CURRENT', value: (t) => (t.current ? '*' : '') },
              { header: 'ID', value: (t) => t.id },
              { header: 'NAME', value: (t) => t.name },
              { header: 'PREFIX', value: (t) => `${t.prefix}…` },
              { header: 'STATUS', value: tokenStatus },
              { header: 'EXPIRES', value: (t) => t.expiresAt },
              { header: 'LAST USED', value: (t) => t.lastUsedAt },
              { header: 'SCOPES', value: (t) => t.scopes.join(',') },
            ],
            output(),
          ),
        );
      }),
    'alpenkube tokens list',
    'alpenkube tokens list -o json',
  );
}
