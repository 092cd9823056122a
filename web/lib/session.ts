import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionEndpoints } from '../../common/endpoints/account';
import { hasRight, type Right } from '../../common/permissions';
import { api } from './api';
import { clientOf } from './api-client';

const sessions = clientOf(sessionEndpoints);

const SESSION_KEY = ['session'] as const;

/** A visitor's session, known without asking: the server renders pages only for callers without one. */
export const seedVisitorSession = (client: QueryClient) => client.setQueryData(SESSION_KEY, null);

/** Who the cache says is signed in: a user, null for a visitor, undefined before the session is known. */
export const knownSessionUser = (client: QueryClient) =>
  client.getQueryData<Awaited<ReturnType<typeof sessions.session>>['user']>(SESSION_KEY);

/** The current session, or null for a visitor. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await sessions.session()).user,
    staleTime: 5 * 60_000,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isSignedIn: user !== null,
    can: (right: Right) => hasRight(user, right),
  };
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => client.setQueryData(SESSION_KEY, null),
  });
}
