import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettingsInput, LicenseTypeInput } from '../../../common/contracts/admin-settings';
import { adminSettingsEndpoints } from '../../../common/endpoints/admin-settings';
import { clientOf } from '../../lib/api-client';
import { APP_SETTINGS_KEY } from '../../lib/query-keys';

const adminSettings = clientOf(adminSettingsEndpoints);
const TYPES_KEY = ['admin', 'license-types'] as const;

export function useSaveAppSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppSettingsInput) => adminSettings.saveSettings({ body }),
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
    queryFn: ({ signal }) => adminSettings.licenseTypes({}, { signal }),
  });
}

/** Creates a type (no id) or saves one; both lists (the admin's and the buyers') are read again. */
export function useSaveLicenseType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LicenseTypeInput }) =>
      id
        ? adminSettings.updateLicenseType({ params: { licenseTypeId: id }, body })
        : adminSettings.createLicenseType({ body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TYPES_KEY }),
        client.invalidateQueries({ queryKey: ['license-types'] }),
      ]),
  });
}
