/** Stub until this page lands in this release; replaced by its real implementation. */
export function PaymentSuccessPage() {
  return <h1 className="text-2xl font-semibold">Payment received</h1>;
}
