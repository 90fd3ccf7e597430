/** The four claims of the footer, with what each one means in practice. */
export const complianceClaims = [
  {
    id: 'gdpr',
    title: 'GDPR',
    text: 'A data processing agreement under article 28 in every contract, EU-only sub-processors, breach notification within 48 hours, and tools for access and erasure requests.',
  },
  {
    id: 'hds',
    title: 'HDS',
    text: 'Hébergeur de Données de Santé: the French certification required to host personal health data, available on Enterprise clusters in French regions.',
  },
  {
    id: 'cispe',
    title: 'CISPE',
    text: 'We adhere to the CISPE Data Protection Code of Conduct: customer data stays in the EU/EEA and is never used for our own purposes, checked by an independent body.',
  },
  {
    id: 'sovereignty',
    title: 'Data sovereignty',
    text: 'EU data centres run by an EU company with no non-EU parent, so foreign laws such as the US CLOUD Act cannot compel access. Every cluster’s jurisdiction is reported.',
  },
] as const;
