export { provisioningPath } from './provisioning-path';
