import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { REVERSE_CHARGE_NOTE, SELLER, type CreditNote, type Invoice } from '@alpenkube/contract';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf.ts';

function sampleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 7,
    number: 'INV-2026-000123',
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    issuedAt: '2026-04-01T00:05:00.000Z',
    status: 'open',
    currency: 'USD',
    subtotal: 13_734,
    tax: 2_747,
    total: 16_481,
    prepaid: 12_500,
    amountDue: 3_981,
    lines: [
      {
        kind: 'order',
        description: 'Order ORD-000042: Cluster web: Blue, 3 nodes',
        clusterId: null,
        metric: null,
        quantity: 1,
        unit: 'order',
        amount: 10_000,
      },
      {
        kind: 'renewal',
        description: 'Support plan Business, April',
        clusterId: null,
        metric: null,
        quantity: 1,
        unit: 'period',
        amount: 2_500,
      },
      {
        kind: 'usage',
        description: 'web: Nodes',
        clusterId: 3,
        metric: 'node_hours',
        quantity: 1_234.5,
        unit: 'node-hours',
        amount: 1_234,
      },
    ],
    vatRateBasisPoints: 2000,
    vatTreatment: 'standard',
    taxNote: null,
    seller: { ...SELLER },
    billedTo: {
      name: 'Acme GmbH',
      address: 'Hauptstraße 1\n10115 Berlin',
      country: 'DE',
      vatNumber: null,
      email: 'billing@acme.test',
    },
    paidAt: null,
    creditApplied: 0,
    cardCharged: 0,
    paymentError: null,
    voidedAt: null,
    voidReason: null,
    creditNote: null,
    ...overrides,
  };
}

async function pdfText(pdf: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), totalPages };
}

describe('invoice PDF', () => {
  it('carries the number, both parties, the lines and the totals in USD', async () => {
    const pdf = await renderInvoicePdf(sampleInvoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages } = await pdfText(pdf);
    expect(totalPages).toBe(1);
    for (const expected of [
      'INV-2026-000123',
      'Alpenkube SAS',
      'FR61912345678',
      'Acme GmbH',
      'Hauptstraße 1',
      // The country by name; the seller's address already ends with its own.
      'Germany',
      '2026-03-01 00:00 UTC to 2026-04-01 00:00 UTC',
      'Order ORD-000042: Cluster web: Blue, 3 nodes',
      'web: Nodes',
      '1,234.5',
      'node-hours',
      '$100.00',
      '$12.34',
      'Subtotal',
      '$137.34',
      'VAT (20%)',
      '$27.47',
      '$164.81',
      '-$125.00',
      'Amount due',
      '$39.81',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('VOID');
  });

  it('gives the same bytes for the same invoice', async () => {
    const [a, b] = await Promise.all([
      renderInvoicePdf(sampleInvoice()),
      renderInvoicePdf(sampleInvoice()),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('says the reverse charge, and VOID with its reason once voided', async () => {
    const { text } = await pdfText(
      await renderInvoicePdf(
        sampleInvoice({
          vatTreatment: 'reverse_charge',
          vatRateBasisPoints: 0,
          tax: 0,
          taxNote: REVERSE_CHARGE_NOTE,
          status: 'void',
          voidedAt: '2026-04-03T09:00:00.000Z',
          voidReason: 'Issued to the wrong company',
        }),
      ),
    );
    expect(text).toContain('VAT (reverse charge, 0%)');
    expect(text).toContain('Article 196, Directive 2006/112/EC');
    expect(text).toContain('VOID');
    expect(text).toContain('Issued to the wrong company');
  });

  it('breaks long line lists over pages, the totals after the last line', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => ({
      kind: 'usage' as const,
      description: `cluster-${String(index).padStart(3, '0')}: Nodes`,
      clusterId: index,
      metric: 'node_hours' as const,
      quantity: 730,
      unit: 'node-hours',
      amount: 100,
    }));
    const { text, totalPages } = await pdfText(
      await renderInvoicePdf(sampleInvoice({ lines, subtotal: 12_000, tax: 2_400, total: 14_400 })),
    );
    expect(totalPages).toBeGreaterThan(2);
    expect(text).toContain(`page ${totalPages} of ${totalPages}`);
    expect(text).toContain('(continued)');
    expect(text).toContain('cluster-000: Nodes');
    expect(text).toContain('cluster-119: Nodes');
    expect(text.indexOf('cluster-119: Nodes')).toBeLessThan(text.indexOf('Amount due'));
  });

  describe('a credit note', () => {
    const note: CreditNote = {
      id: 4,
      number: 'CN-2026-000002',
      invoiceId: 7,
      invoiceNumber: 'INV-2026-000123',
      issuedAt: '2026-04-03T10:00:00.000Z',
      reason: 'Billed twice for March',
      currency: 'USD',
      subtotal: 13_734,
      tax: 2_747,
      total: 16_481,
      refundTo: 'card',
      credit: 12_500,
      cardRefund: 3_981,
      cardRefundStatus: 'refunded',
    };

    it('names the invoice it cancels, the amounts credited and where they went', async () => {
      const invoice = sampleInvoice({ status: 'void', voidReason: 'Billed twice for March' });
      const { text, totalPages } = await pdfText(await renderCreditNotePdf(note, invoice));
      expect(totalPages).toBe(1);
      expect(text).toContain('Credit note');
      expect(text).toContain('CN-2026-000002');
      expect(text).toContain('Cancels invoice INV-2026-000123 of 2026-04-01, now void');
      expect(text).toContain('Reason Billed twice for March');
      expect(text).toContain('Acme GmbH');
      expect(text).toContain('Total credited -$164.81');
      expect(text).toContain(
        'Given back: $125.00 added to the credit balance; $39.81 refunded to the card that paid invoice INV-2026-000123.',
      );
    });

    it('gives the same bytes for the same credit note', async () => {
      const invoice = sampleInvoice({ status: 'void' });
      const [a, b] = await Promise.all([
        renderCreditNotePdf(note, invoice),
        renderCreditNotePdf(note, invoice),
      ]);
      expect(a.equals(b)).toBe(true);
    });
  });
});
