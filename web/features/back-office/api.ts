import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDashboard,
  AdminUserDetail,
  AdminUserList,
  AuditLogList,
} from '../../../common/contracts/admin-users';
import type { Right } from '../../../common/permissions';
import { ApiError, api } from '../../lib/api';

/** Every back-office query starts with this key, so a change refreshes the lists and the log. */
const KEY = ['back-office'] as const;

const noRetryOnRefusal = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export function useDashboard() {
  return useQuery({
    queryKey: [...KEY, 'dashboard'],
    queryFn: ({ signal }) => api<AdminDashboard>('/api/admin/dashboard', { signal }),
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
      const params = new URLSearchParams({ limit: '20' });
      for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return api<AdminUserList>(`/api/admin/users?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });
}

export function useAdminUser(userId: string | undefined) {
  return useQuery({
    queryKey: [...KEY, 'user', userId],
    queryFn: ({ signal }) =>
      api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId ?? '')}`, { signal }),
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
    api<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}/rights`, {
      method: 'PUT',
      body: input,
    }),
  );
}

export function useSetDisabled(userId: string) {
  return useUserChange(userId, ({ disabled, reason }: { disabled: boolean; reason: string }) =>
    api<AdminUserDetail>(
      `/api/admin/users/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`,
      {
        method: 'POST',
        body: reason ? { reason } : {},
      },
    ),
  );
}

export function useAuditLog(filter: { actorId: string | null; action: string | null }) {
  return useInfiniteQuery({
    queryKey: [...KEY, 'audit', filter],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (filter.actorId) params.set('actorId', filter.actorId);
      if (filter.action) params.set('action', filter.action);
      if (pageParam) params.set('cursor', pageParam);
      return api<AuditLogList>(`/api/admin/audit-log?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });
}
