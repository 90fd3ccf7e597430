/** Stub until this page lands in this release; replaced by its real implementation. */
export function OrderStatusPage() {
  return <h1 className="text-2xl font-semibold">Order status</h1>;
}
