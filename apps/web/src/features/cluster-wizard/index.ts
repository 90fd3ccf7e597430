export { ClusterWizard } from './components/cluster-wizard';
export type { CheckoutSlot, RenderCheckout } from './components/wizard-heading';
