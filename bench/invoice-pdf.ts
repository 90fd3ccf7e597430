import { SELLER, type Invoice, type InvoiceLine, type UsageMetric } from '@alpenkube/contract';
import { renderInvoicePdf } from '../apps/server/src/modules/invoices/invoice-pdf.ts';
import { latencyFigures } from './push-latency.ts';

const METRICS: [UsageMetric, string, string][] = [
  ['control_plane_hours', 'Control plane', 'hours'],
  ['node_hours', 'Nodes', 'node-hours'],
  ['addon_hours', 'Add-ons', 'add-on-hours'],
  ['storage_gb_hours', 'Storage', 'GB-hours'],
  ['egress_gb', 'Egress', 'GB'],
];

/** A month's invoice of `clusters` clusters: an order and a renewal each, and five usage lines. */
function invoiceOf(clusters: number): Invoice {
  const lines: InvoiceLine[] = [];
  for (let index = 0; index < clusters; index += 1) {
    const name = `cluster-${String(index).padStart(3, '0')}`;
    lines.push(
      {
        kind: 'order',
        description: `Order ORD-${String(index + 1).padStart(6, '0')}: Cluster ${name}: Blue, 3 nodes`,
        clusterId: null,
        metric: null,
        quantity: 1,
        unit: 'order',
        amount: 45_000,
      },
      {
        kind: 'renewal',
        description: `Renewal: cluster ${name}, next month`,
        clusterId: null,
        metric: null,
        quantity: 1,
        unit: 'period',
        amount: 45_000,
      },
      ...METRICS.map(([metric, label, unit], position) => ({
        kind: 'usage' as const,
        description: `Cluster ${name}: ${label}`,
        clusterId: index + 1,
        metric,
        quantity: 730 + position * 123.456,
        unit,
        amount: 1_234 + position,
      })),
    );
  }
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const prepaid = lines.filter((line) => line.kind !== 'usage').reduce((s, l) => s + l.amount, 0);
  const tax = Math.round(subtotal * 0.2);
  return {
    id: 1,
    number: 'INV-2026-000123',
    periodStart: '2026-10-01T00:00:00.000Z',
    periodEnd: '2026-11-01T00:00:00.000Z',
    issuedAt: '2026-11-01T00:05:00.000Z',
    status: 'open',
    currency: 'USD',
    subtotal,
    tax,
    total: subtotal + tax,
    prepaid,
    amountDue: subtotal + tax - prepaid,
    lines,
    vatRateBasisPoints: 2000,
    vatTreatment: 'standard',
    taxNote: null,
    seller: { ...SELLER },
    billedTo: {
      name: 'Demo Company SAS',
      address: '1 place de la Bourse\n69002 Lyon',
      country: 'FR',
      vatNumber: 'FR40123456789',
      email: 'billing@demo.test',
    },
    paidAt: null,
    creditApplied: 0,
    cardCharged: 0,
    paymentError: null,
    voidedAt: null,
    voidReason: null,
    creditNote: null,
  };
}

export interface InvoicePdfFigure {
  name: string;
  lines: number;
  pages: number;
  kilobytes: number;
  p50Ms: number;
  p99Ms: number;
  samples: number;
}

/**
 * The invoice PDF built in this process, as `GET /api/billing/invoices/:id/pdf` builds it on
 * every download: a typical month (3 clusters, 21 lines, two pages) and a large one (60 clusters,
 * 420 lines, about a dozen pages), each timed `count` times one after another.
 */
export async function invoicePdfTiming(count = 200): Promise<InvoicePdfFigure[]> {
  const figures: InvoicePdfFigure[] = [];
  for (const [name, clusters, runs] of [
    ['3 clusters', 3, count],
    ['60 clusters', 60, Math.max(10, Math.round(count / 10))],
  ] as const) {
    const invoice = invoiceOf(clusters);
    // Warm up: fonts' metrics are read once per process.
    const first = await renderInvoicePdf(invoice);
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await renderInvoicePdf(invoice);
      samples.push(performance.now() - started);
    }
    const pages = first.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    const { p50Ms, p99Ms } = latencyFigures(samples);
    figures.push({
      name,
      lines: invoice.lines.length,
      pages,
      kilobytes: Math.round(first.length / 102.4) / 10,
      p50Ms,
      p99Ms,
      samples: samples.length,
    });
  }
  return figures;
}

export function printInvoicePdf(figures: InvoicePdfFigure[]) {
  console.log(
    '\n| invoice PDF (built per download) | lines | pages | KB | p50 ms | p99 ms | runs |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const figure of figures) {
    console.log(
      `| ${figure.name} | ${figure.lines} | ${figure.pages} | ${figure.kilobytes} | ${figure.p50Ms.toFixed(1)} | ${figure.p99Ms.toFixed(1)} | ${figure.samples} |`,
    );
  }
}

// `node --import tsx bench/invoice-pdf.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  printInvoicePdf(await invoicePdfTiming(Number(process.env.BENCH_PDF_COUNT ?? 200)));
}
