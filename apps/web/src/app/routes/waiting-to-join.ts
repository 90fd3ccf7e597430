import { lazy } from 'react';
import type { User } from '@alpenkube/contract';

/** Whether `user` asked to join an organization whose admins have not answered yet. */
export const isWaitingToJoin = (user: User | null): user is User =>
  user?.status === 'pending_approval';

/** The page a person waiting to join sees: loaded only for them, not with every member page. */
export const WaitingForApproval = lazy(() =>
  import('./waiting-for-approval').then((module) => ({ default: module.WaitingForApproval })),
);
