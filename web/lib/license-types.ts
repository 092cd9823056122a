import { useQuery } from '@tanstack/react-query';
import { licensingEndpoints } from '../../common/endpoints/licensing';
import { clientOf } from './api-client';

const licensing = clientOf(licensingEndpoints);

/** The license types a buyer may choose and the platform's currency (the license form, standing requests). */
export function useLicenseTypes() {
  return useQuery({
    queryKey: ['license-types'],
    queryFn: ({ signal }) => licensing.types({}, { signal }),
    staleTime: 5 * 60_000,
  });
}
