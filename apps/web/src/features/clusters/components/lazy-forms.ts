import { lazy } from 'react';

/**
 * The dialogs' forms, with react-hook-form and their schemas, in a chunk of their own: loaded
 * when a dialog is about to open (its trigger is pointed at or focused), not with the page,
 * which they would take over its 250 KB of JavaScript.
 */
export const loadForms = () => import('../forms');

export const RenameForm = lazy(() => loadForms().then((m) => ({ default: m.RenameForm })));
export const UpgradeForm = lazy(() => loadForms().then((m) => ({ default: m.UpgradeForm })));
export const DeleteForm = lazy(() => loadForms().then((m) => ({ default: m.DeleteForm })));
export const ScaleForm = lazy(() => loadForms().then((m) => ({ default: m.ScaleForm })));
export const AutoscaleForm = lazy(() => loadForms().then((m) => ({ default: m.AutoscaleForm })));
export const AddPoolForm = lazy(() => loadForms().then((m) => ({ default: m.AddPoolForm })));
