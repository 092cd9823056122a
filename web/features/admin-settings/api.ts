import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLicenseType,
  AdminLicenseTypeList,
  AppSettings,
  AppSettingsInput,
  LicenseTypeInput,
} from '../../../common/contracts/admin-settings';
import { api } from '../../lib/api';
import { APP_SETTINGS_KEY } from '../../lib/query-keys';

const TYPES_KEY = ['admin', 'license-types'] as const;

export function useSaveAppSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppSettingsInput) => api<AppSettings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      client.setQueryData(APP_SETTINGS_KEY, saved);
      // The currency of the buyers' price list may have changed.
      await client.invalidateQueries({ queryKey: ['license-types'] });
    },
  });
}

export function useAdminLicenseTypes() {
  return useQuery({
    queryKey: TYPES_KEY,
    queryFn: ({ signal }) => api<AdminLicenseTypeList>('/api/admin/license-types', { signal }),
  });
}

/** Creates a type (no id) or saves one; both lists (the admin's and the buyers') are read again. */
export function useSaveLicenseType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LicenseTypeInput }) =>
      api<AdminLicenseType>(
        id ? `/api/admin/license-types/${encodeURIComponent(id)}` : '/api/admin/license-types',
        {
          method: id ? 'PUT' : 'POST',
          body,
        },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TYPES_KEY }),
        client.invalidateQueries({ queryKey: ['license-types'] }),
      ]),
  });
}
