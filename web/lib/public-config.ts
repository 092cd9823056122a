import { useQuery } from '@tanstack/react-query';
import { systemEndpoints } from '../../common/endpoints/system';
import { clientOf } from './api-client';

const system = clientOf(systemEndpoints);

/** The server's public settings (contact links, configured social logins); fetched once per visit. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => system.config(),
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** The display name of a social provider id ('oidc' -> its configured name). */
export function useProviderName(id: string | undefined): string {
  const config = usePublicConfig();
  return config?.socialProviders.find((provider) => provider.id === id)?.name ?? id ?? '';
}
