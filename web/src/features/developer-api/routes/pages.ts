// The four API pages load as one chunk: they share their queries and components.
export { ApiDashboardPage } from './api-dashboard-page';
export { ApiDocsPage } from './api-docs-page';
export { ApiScriptsPage } from './api-scripts-page';
export { ApiSettingsPage } from './api-settings-page';
