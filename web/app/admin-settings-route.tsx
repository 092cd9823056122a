import { AdminSettingsPage } from '../features/admin-settings/admin-settings-page';
import { SiteDocumentsAdmin } from '../features/site-documents/site-documents-admin';

/** /admin/settings: the settings feature's page, with the site documents' admin panel as its third tab. */
export function AdminSettingsRoute() {
  return <AdminSettingsPage documents={<SiteDocumentsAdmin />} />;
}
