import { lazy } from 'react';

/** The storage dialogs' forms, in a chunk of their own as the cluster page's other forms are. */
export const loadStorageForms = () => import('./storage-forms');

export const VolumeForm = lazy(() => loadStorageForms().then((m) => ({ default: m.VolumeForm })));
export const LoadBalancerForm = lazy(() =>
  loadStorageForms().then((m) => ({ default: m.LoadBalancerForm })),
);
