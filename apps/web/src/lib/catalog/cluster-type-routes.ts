/**
 * The cluster-type URL names, kept as plain data so the route table
 * and the page-meta table (read by the server) list exactly the same paths.
 * Every name is served at /cluster-types/<name> and /<name>-cluster.
 */
export const clusterTypeAliases = [
  'sandbox',
  'blue',
  'red',
  'green',
  'data',
  'ai',
  'additional',
  'dev',
  'test',
  'orange',
] as const;

/**
 * Only some have a -cluster-page form: the seven tier pages get one; the dev and
 * test aliases and 'additional' are secondary names and do not.
 */
export const clusterPageAliases = [
  'sandbox',
  'blue',
  'red',
  'green',
  'data',
  'ai',
  'orange',
] as const;
