/** The four claims of the footer, with what each one means in practice. */
export const complianceClaims = [
  {
    id: 'gdpr',
    title: 'GDPR',
    text: 'An audit trail of every sign-in, order and change, and tools for access and erasure requests: a person’s data exported, or erased under a pseudonym.',
  },
  {
    id: 'hds',
    title: 'HDS',
    text: 'Hébergeur de Données de Santé, the French certification for hosting health data, is the hosting provider’s: we give you what it asks of the platform, an audit trail and the region of every cluster.',
  },
  {
    id: 'cispe',
    title: 'CISPE',
    text: 'In the spirit of the CISPE Data Protection Code of Conduct: you choose the EU region of each cluster, and your officers see where each one runs and what operators did.',
  },
  {
    id: 'sovereignty',
    title: 'Data sovereignty',
    text: 'A residency policy per organization, EU only from the start: the server refuses clusters, add-ons and products outside the EU unless your admins allow other jurisdictions, and your officers see every workload’s jurisdiction and each organization’s policy.',
  },
] as const;
