/**
 * The signed-in pages a later issue fills in. Until then each shows its real title and what it
 * will do (from PRODUCT.md), never made-up data. docs/pages.md lists them with their status.
 */
export type PlaceholderEntry = { title: string; purpose: string; planned: string[] };

export const placeholderCatalog = {
  officersPanel: {
    title: 'Officers Panel',
    purpose: 'Compliance evidence for GDPR, HDS, CISPE and data sovereignty.',
    planned: [
      'Append-only audit log',
      'Data-subject requests (export, erasure)',
      'Data-residency report',
    ],
  },
} satisfies Record<string, PlaceholderEntry>;

export type PlaceholderKey = keyof typeof placeholderCatalog;
