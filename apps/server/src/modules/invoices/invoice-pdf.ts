import PDFDocument from 'pdfkit';
import type { CreditNote, Invoice } from '@alpenkube/contract';
import { dollars } from '../../lib/money.ts';

const MARGIN = 50;
const FOOTER_GAP = 28;
const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MUTED = '#555555';
const RULE = '#bbbbbb';

/** The lines table's columns: x from the left margin, width, alignment. */
const COLUMNS = {
  description: { x: 0, width: 250, align: 'left' },
  quantity: { x: 258, width: 72, align: 'right' },
  unit: { x: 340, width: 80, align: 'left' },
  amount: { x: 420, width: 75, align: 'right' },
} as const;

/** `2026-03-01 00:00 UTC`: periods end at a month boundary, or at a close in development. */
const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const utcDay = (iso: string) => iso.slice(0, 10);

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** The country's name, unless the address already ends with it (the seller's does). */
function countryLine(address: string, country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  const name = regionNames.of(country) ?? country;
  const last = address.trim().split('\n').at(-1)?.trim().toLowerCase();
  return last === name.toLowerCase() ? '' : name;
}

const quantityText = (quantity: number) =>
  quantity.toLocaleString('en-US', { maximumFractionDigits: 3 });

const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

const vatLabelOf = (invoice: Invoice) =>
  invoice.vatTreatment === 'reverse_charge'
    ? 'VAT (reverse charge, 0%)'
    : `VAT (${percent(invoice.vatRateBasisPoints)})`;

const statusText = (invoice: Invoice) => {
  switch (invoice.status) {
    case 'paid':
      return invoice.paidAt ? `Paid on ${utcDay(invoice.paidAt)}` : 'Paid';
    case 'void':
      return invoice.voidedAt ? `VOID since ${utcDay(invoice.voidedAt)}` : 'VOID';
    default:
      return 'Open: amount due charged to the saved payment method';
  }
};

type Pdf = PDFKit.PDFDocument;

/** An A4 document with the given metadata, and its bytes once it ends. */
function openPdf(info: PDFKit.DocumentInfo): { doc: Pdf; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The seller and billed-to blocks side by side from `y`; answers where they end. */
function drawParties(doc: Pdf, parties: Pick<Invoice, 'seller' | 'billedTo'>, y: number) {
  const width = doc.page.width - 2 * MARGIN;
  const party = (title: string, who: Invoice['seller'], x: number, columnWidth: number) => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, {
      width: columnWidth,
    });
    doc
      .font(BOLD)
      .fontSize(11)
      .fillColor('black')
      .text(who.name || '—', { width: columnWidth });
    doc.font(REGULAR).fontSize(10);
    for (const line of [
      ...who.address.split('\n'),
      countryLine(who.address, who.country),
      who.vatNumber ? `VAT number ${who.vatNumber}` : '',
      who.email,
    ]) {
      if (line.trim()) doc.text(line, { width: columnWidth });
    }
    return doc.y;
  };
  const half = width / 2 - 10;
  return Math.max(
    party('From', parties.seller, MARGIN, half),
    party('Billed to', parties.billedTo, MARGIN + width / 2 + 10, half),
  );
}

/** Label and value rows from `y`; answers where the next block starts. */
function drawFacts(doc: Pdf, facts: [string, string][], y: number) {
  const width = doc.page.width - 2 * MARGIN;
  for (const [label, value] of facts) {
    doc.font(BOLD).fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
    doc
      .font(REGULAR)
      .fillColor('black')
      .text(value, MARGIN + 115, y, { width: width - 115 });
    y = Math.max(doc.y, y + 14) + 2;
  }
  return y;
}

/** A thin rule across the page at `y`. */
function drawRule(doc: Pdf, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor(RULE)
    .lineWidth(0.5)
    .stroke();
}

/** Labelled amounts under the amount column, strong ones bold; answers where they end. */
function drawTotals(doc: Pdf, totals: [string, number, boolean][], y: number) {
  for (const [label, cents, strong] of totals) {
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(strong ? 11 : 10)
      .fillColor('black');
    doc.text(label, MARGIN + 150, y, { width: 260, align: 'right' });
    doc.text(dollars(cents), MARGIN + COLUMNS.amount.x - 20, y, {
      width: COLUMNS.amount.width + 20,
      align: 'right',
    });
    y += 18;
  }
  return y;
}

/** A footer on every page, below the bottom margin (which pdfkit would otherwise break on). */
function drawFooters(doc: Pdf, what: string) {
  const width = doc.page.width - 2 * MARGIN;
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${what} · page ${index + 1} of ${range.count} · amounts in USD`,
        MARGIN,
        doc.page.height - MARGIN,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
}

/**
 * An invoice as a PDF (A4), built from the stored invoice alone: the same invoice gives the same
 * bytes every time (its issue date is the document's date). Amounts are USD, as on the invoice.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, done } = openPdf({
    Title: `Invoice ${invoice.number}`,
    Author: invoice.seller.name,
    Subject: `Invoice ${invoice.number} for ${invoice.billedTo.name}`,
    CreationDate: new Date(invoice.issuedAt),
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - FOOTER_GAP;
  let y = MARGIN;

  // Title, number and status.
  doc.font(BOLD).fontSize(22).fillColor('black').text('Invoice', MARGIN, y);
  doc.fontSize(12).text(invoice.number, MARGIN, y + 4, { width, align: 'right' });
  if (invoice.status === 'void') {
    doc
      .fontSize(28)
      .fillColor('#b00020')
      .text('VOID', MARGIN, y + 20, { width, align: 'right' });
    doc.fillColor('black');
  }
  y += 48;

  y = drawParties(doc, invoice, y) + 18;

  // What, when, how much.
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issue date', utcDay(invoice.issuedAt)],
    ['Period', `${utcMinute(invoice.periodStart)} to ${utcMinute(invoice.periodEnd)}`],
    ['Status', statusText(invoice)],
    ['Currency', 'USD (all amounts in US dollars)'],
  ];
  if (invoice.status === 'void' && invoice.voidReason) {
    facts.push(['Void because', invoice.voidReason]);
  }
  y = drawFacts(doc, facts, y);
  y += 14;

  /** A new page, headed with the invoice it continues. */
  const continued = () => {
    doc.addPage();
    y = MARGIN;
    doc.font(BOLD).fontSize(10).fillColor(MUTED);
    doc.text(`Invoice ${invoice.number} (continued)`, MARGIN, y, { width });
    doc.fillColor('black');
    y += 22;
  };

  // The lines, a page at a time.
  const tableHeader = () => {
    doc.font(BOLD).fontSize(9).fillColor(MUTED);
    const labels = {
      description: 'Description',
      quantity: 'Quantity',
      unit: 'Unit',
      amount: 'Amount',
    };
    for (const [key, column] of Object.entries(COLUMNS)) {
      doc.text(labels[key as keyof typeof labels], MARGIN + column.x, y, {
        width: column.width,
        align: column.align,
      });
    }
    y += 14;
    drawRule(doc, y);
    y += 6;
    doc.fillColor('black');
  };
  tableHeader();
  doc.font(REGULAR).fontSize(10);
  for (const line of invoice.lines) {
    doc.font(REGULAR).fontSize(10);
    const height = Math.max(
      doc.heightOfString(line.description, { width: COLUMNS.description.width }),
      12,
    );
    if (y + height > bottom()) {
      continued();
      tableHeader();
      doc.font(REGULAR).fontSize(10);
    }
    const cells = {
      description: line.description,
      quantity: quantityText(line.quantity),
      unit: line.unit,
      amount: dollars(line.amount),
    };
    for (const [key, column] of Object.entries(COLUMNS)) {
      doc.text(cells[key as keyof typeof cells], MARGIN + column.x, y, {
        width: column.width,
        align: column.align,
      });
    }
    y += height + 4;
  }
  if (invoice.lines.length === 0) {
    doc.text('No lines.', MARGIN, y);
    y += 17;
  }

  // The totals, kept together.
  const vatLabel = vatLabelOf(invoice);
  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotal, false],
    [vatLabel, invoice.tax, false],
    ['Total', invoice.total, true],
    ['Prepaid during the period (orders and renewals)', -invoice.prepaid, false],
    ['Amount due', invoice.amountDue, true],
  ];
  const noteHeight = invoice.taxNote
    ? doc.font(REGULAR).fontSize(9).heightOfString(invoice.taxNote, { width }) + 12
    : 0;
  const totalsHeight = 6 + totals.length * 18 + noteHeight + 40;
  if (y + totalsHeight > bottom()) continued();
  drawRule(doc, y);
  y += 8;
  y = drawTotals(doc, totals, y);
  if (invoice.taxNote) {
    y += 6;
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text(invoice.taxNote, MARGIN, y, { width });
    y = doc.y;
  }
  if (invoice.status === 'paid' || invoice.creditApplied > 0 || invoice.cardCharged > 0) {
    y += 10;
    const paidWith = [
      invoice.creditApplied > 0 ? `${dollars(invoice.creditApplied)} from credit` : null,
      invoice.cardCharged > 0 ? `${dollars(invoice.cardCharged)} by card` : null,
    ].filter(Boolean);
    if (paidWith.length) {
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(MUTED)
        .text(`Paid ${paidWith.join(' and ')}.`, MARGIN, y, {
          width,
        });
    }
  }

  drawFooters(doc, `${invoice.seller.name} · ${invoice.number}`);
  doc.end();
  return done;
}

const refundWords = (note: CreditNote) => {
  const card =
    note.cardRefund > 0
      ? `${dollars(note.cardRefund)} refunded to the card that paid invoice ${note.invoiceNumber}${
          note.cardRefundStatus === 'credited'
            ? ' (refused by the card processor: added to the credit balance instead)'
            : ''
        }`
      : null;
  const credit = note.credit > 0 ? `${dollars(note.credit)} added to the credit balance` : null;
  return [credit, card].filter(Boolean).join('; ') || 'Nothing to give back';
};

/** The part of the total prepaid with orders and renewals: theirs, not given back by the note. */
const standingWords = (note: CreditNote) => {
  const prepaid = note.total - note.credit - note.cardRefund;
  return prepaid > 0
    ? ` The ${dollars(prepaid)} prepaid during the period with orders and renewals stays paid: those charges stand.`
    : '';
};

/**
 * A credit note as a PDF (A4), from the stored credit note and the invoice it cancels: the same
 * parties, its own number and date, the amounts it gives back and where they went. Deterministic
 * like the invoice's.
 */
export function renderCreditNotePdf(note: CreditNote, invoice: Invoice): Promise<Buffer> {
  const { doc, done } = openPdf({
    Title: `Credit note ${note.number}`,
    Author: invoice.seller.name,
    Subject: `Credit note ${note.number} for invoice ${invoice.number}`,
    CreationDate: new Date(note.issuedAt),
  });
  const width = doc.page.width - 2 * MARGIN;
  let y = MARGIN;
  doc.font(BOLD).fontSize(22).fillColor('black').text('Credit note', MARGIN, y);
  doc.fontSize(12).text(note.number, MARGIN, y + 4, { width, align: 'right' });
  y = drawParties(doc, invoice, y + 48) + 18;
  y = drawFacts(
    doc,
    [
      ['Credit note number', note.number],
      ['Issue date', utcDay(note.issuedAt)],
      ['Cancels invoice', `${invoice.number} of ${utcDay(invoice.issuedAt)}, now void`],
      ['Period', `${utcMinute(invoice.periodStart)} to ${utcMinute(invoice.periodEnd)}`],
      ['Reason', note.reason],
      ['Currency', 'USD (all amounts in US dollars)'],
    ],
    y,
  );
  y += 14;
  drawRule(doc, y);
  y += 8;
  const vatLabel = vatLabelOf(invoice);
  const totals: [string, number, boolean][] = [
    ['Subtotal credited', -note.subtotal, false],
    [vatLabel, -note.tax, false],
    ['Total credited', -note.total, true],
  ];
  y = drawTotals(doc, totals, y);
  y += 10;
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Given back: ${refundWords(note)}.${standingWords(note)}`, MARGIN, y, { width });
  drawFooters(doc, `${invoice.seller.name} · ${note.number}`);
  doc.end();
  return done;
}
