import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail } from '../../../common/contracts/admin-users';
import type { InputOf } from '../../../common/endpoint';
import { adminEndpoints } from '../../../common/endpoints/admin';
import type { Right } from '../../../common/permissions';
import { ApiError } from '../../lib/api';
import { clientOf } from '../../lib/api-client';

const admin = clientOf(adminEndpoints);
type UsersQuery = InputOf<typeof adminEndpoints.users>['query'];

/** Every back-office query starts with this key, so a change refreshes the lists and the log. */
const KEY = ['back-office'] as const;

const noRetryOnRefusal = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export function useDashboard() {
  return useQuery({
    queryKey: [...KEY, 'dashboard'],
    queryFn: ({ signal }) => admin.dashboard({}, { signal }),
    retry: noRetryOnRefusal,
  });
}

export interface UserFilter {
  q: string;
  right: string | null;
  verification: string | null;
  state: string | null;
}

/** The users list, page by page, with the filters as query parameters. */
export function useAdminUsers(filter: UserFilter) {
  return useInfiniteQuery({
    queryKey: [...KEY, 'users', filter],
    queryFn: ({ pageParam, signal }) => {
      // The filters are the address's, as typed: the server checks them (a forged one is a 400).
      const query = { limit: 20, ...filter, cursor: pageParam ?? undefined } as UsersQuery;
      return admin.users({ query }, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });
}

export function useAdminUser(userId: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'user', userId],
    queryFn: ({ signal }) => admin.user({ params: { userId: userId ?? '' } }, { signal }),
    enabled: Boolean(userId),
    retry: noRetryOnRefusal,
  });
}

/** A change to one user (rights, disable, enable): the answer is the user page as it is now. */
function useUserChange<Input>(userId: string, request: (input: Input) => Promise<AdminUserDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (user) => {
      client.setQueryData([...KEY, 'user', userId], user);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useSetRights(userId: string) {
  return useUserChange(userId, (input: { rights: Right[] }) =>
    admin.setRights({ params: { userId }, body: input }),
  );
}

export function useSetDisabled(userId: string) {
  return useUserChange(userId, ({ disabled, reason }: { disabled: boolean; reason: string }) =>
    (disabled ? admin.disable : admin.enable)({ params: { userId }, body: reason ? { reason } : {} }),
  );
}

export function useAuditLog(filter: { actorId: string | null; action: string | null }) {
  return useInfiniteQuery({
    queryKey: [...KEY, 'audit', filter],
    queryFn: ({ pageParam, signal }) =>
      admin.auditLog(
        {
          query: {
            limit: 25,
            actorId: filter.actorId ?? undefined,
            action: filter.action ?? undefined,
            cursor: pageParam ?? undefined,
          },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });
}
