import { lazy } from 'react';

/** The forms of labels, taints and tags, in the lazy chunk the cluster page's dialogs use. */
export const loadShapeForms = () => import('./shape-forms');

export const PoolLabelsForm = lazy(() =>
  loadShapeForms().then((m) => ({ default: m.PoolLabelsForm })),
);
export const ClusterTagsForm = lazy(() =>
  loadShapeForms().then((m) => ({ default: m.ClusterTagsForm })),
);
