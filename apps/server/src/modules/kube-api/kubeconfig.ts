/** The address kubectl talks to for one cluster: the platform's public URL plus its API path. */
export function kubeApiServerUrl(publicUrl: string, clusterId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/k8s/clusters/${clusterId}`;
}

/**
 * A kubeconfig with one cluster, one user (its bearer token) and one context, all named after
 * the cluster, so that several downloaded files merge (`KUBECONFIG=a:b`) without clashing.
 * Strings are written as JSON strings, which YAML reads as double-quoted scalars, so no name
 * or token can break the file.
 *
 * The server must be https: kubectl (client-go's clientcmd) sends no credentials to an http
 * server, so over http every call is a 401.
 */
export function kubeconfigYaml(options: {
  clusterName: string;
  serverUrl: string;
  token: string;
  /** PEM of the CA that signed the server's certificate, when a public CA did not. */
  certificateAuthorityPem?: string;
}): string {
  const name = JSON.stringify(options.clusterName);
  const user = JSON.stringify(`${options.clusterName}-admin`);
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `  - name: ${name}`,
    '    cluster:',
    `      server: ${JSON.stringify(options.serverUrl)}`,
    ...(options.certificateAuthorityPem
      ? [
          `      certificate-authority-data: ${Buffer.from(options.certificateAuthorityPem).toString('base64')}`,
        ]
      : []),
    'users:',
    `  - name: ${user}`,
    '    user:',
    `      token: ${JSON.stringify(options.token)}`,
    'contexts:',
    `  - name: ${name}`,
    '    context:',
    `      cluster: ${name}`,
    `      user: ${user}`,
    `current-context: ${name}`,
    'preferences: {}',
    '',
  ].join('\n');
}
