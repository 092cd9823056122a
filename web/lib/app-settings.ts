import { useQuery } from '@tanstack/react-query';
import { adminSettingsEndpoints } from '../../common/endpoints/admin-settings';
import { clientOf } from './api-client';
import { APP_SETTINGS_KEY } from './query-keys';

const adminSettings = clientOf(adminSettingsEndpoints);

/** The platform settings (admins only): the settings page edits them, money forms read the currency. */
export function useAppSettings() {
  return useQuery({
    queryKey: APP_SETTINGS_KEY,
    queryFn: ({ signal }) => adminSettings.settings({}, { signal }),
  });
}
