/** Stub until this page lands in this release; replaced by its real implementation. */
export function ClusterOrdersPage() {
  return <h1 className="text-2xl font-semibold">Cluster orders</h1>;
}
