export { AddPoolForm } from './add-pool-form';
export { AutoscaleForm } from './autoscale-form';
export { DeleteForm } from './delete-form';
export { RenameForm } from './rename-form';
export { ScaleForm } from './scale-form';
export { UpgradeForm } from './upgrade-form';
