export const DASHBOARD_TABS = ['overview', 'transactions', 'analytics', 'payments', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
