export { DashboardClusters } from './components/dashboard-clusters';
export { LatestNotifications } from './components/latest-notifications';
