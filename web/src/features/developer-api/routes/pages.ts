// Three API pages load as one chunk: they share their queries and components. The docs
// page is its own chunk (it renders Markdown; see app/route-table.tsx).
export { ApiDashboardPage } from './api-dashboard-page';
export { ApiScriptsPage } from './api-scripts-page';
export { ApiSettingsPage } from './api-settings-page';
