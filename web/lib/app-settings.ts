import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '../../common/contracts/admin-settings';
import { api } from './api';
import { APP_SETTINGS_KEY } from './query-keys';

/** The platform settings (admins only): the settings page edits them, money forms read the currency. */
export function useAppSettings() {
  return useQuery({
    queryKey: APP_SETTINGS_KEY,
    queryFn: ({ signal }) => api<AppSettings>('/api/admin/settings', { signal }),
  });
}
