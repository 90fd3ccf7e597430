/** Stub until this page lands in this release; replaced by its real implementation. */
export function OrdersPage() {
  return <h1 className="text-2xl font-semibold">Orders</h1>;
}
