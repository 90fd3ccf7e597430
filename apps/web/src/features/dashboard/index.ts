export { DashboardClusters } from './components/dashboard-clusters';
export { LatestNotifications } from './components/latest-notifications';
export { DashboardSpend } from './components/dashboard-spend';
