export { Checkout } from './components/checkout';
