/** Stub until this page lands in this release; replaced by its real implementation. */
export function ConfigureClusterPage() {
  return <h1 className="text-2xl font-semibold">Configure a cluster</h1>;
}
