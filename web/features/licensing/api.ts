import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  LicenseMessage,
  LicenseRequestDetail,
  LicenseRequestInput,
  LicenseRequestList,
  LicenseStatus,
  LicenseTypeList,
  licenseMessageList,
} from '../../../common/contracts/licenses';
import type { VideoDetail } from '../../../common/contracts/videos';
import { ApiError, api } from '../../lib/api';
import { LICENSE_REQUESTS_KEY } from '../../lib/query-keys';

/** Every licensing query starts with this key: a live event refreshes them all (lib/live-events.ts). */

const noRetryOnRefusal = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export function useLicenseTypes() {
  return useQuery({
    queryKey: ['license-types'],
    queryFn: ({ signal }) => api<LicenseTypeList>('/api/license-types', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A list of requests, page by page: the caller's own, or (for managers) everyone's. */
export function useLicenseRequests(
  scope: 'mine' | 'managed',
  filter: { status: LicenseStatus | null; q?: string },
) {
  const base = scope === 'mine' ? '/api/me/license-requests' : '/api/admin/license-requests';
  return useInfiniteQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, scope, filter.status ?? 'all', filter.q ?? ''],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (filter.status) params.set('status', filter.status);
      if (filter.q) params.set('q', filter.q);
      if (pageParam) params.set('cursor', pageParam);
      return api<LicenseRequestList>(`${base}?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });
}

export function useLicenseRequest(id: string | undefined) {
  return useQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api<LicenseRequestDetail>(`/api/license-requests/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    retry: noRetryOnRefusal,
  });
}

export function useLicenseMessages(id: string) {
  return useQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, 'messages', id],
    queryFn: ({ signal }) =>
      api<z.infer<typeof licenseMessageList>>(`/api/license-requests/${encodeURIComponent(id)}/messages`, {
        signal,
      }),
    select: (data) => data.items,
    retry: noRetryOnRefusal,
  });
}

/** A change to a request; every licensing query reads again afterwards. */
function useLicensingMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: LICENSE_REQUESTS_KEY }),
  });
}

export const useCreateLicenseRequest = (videoId: string) =>
  useLicensingMutation((body: LicenseRequestInput) =>
    api<LicenseRequestDetail>(`/api/videos/${encodeURIComponent(videoId)}/license-requests`, {
      method: 'POST',
      body,
    }),
  );

export const useCancelLicenseRequest = (id: string) =>
  useLicensingMutation((reason: string) =>
    api<LicenseRequestDetail>(`/api/license-requests/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      body: reason ? { reason } : {},
    }),
  );

export const useQuoteLicenseRequest = (id: string) =>
  useLicensingMutation((priceCents: number) =>
    api<LicenseRequestDetail>(`/api/license-requests/${encodeURIComponent(id)}/quote`, {
      method: 'POST',
      body: { priceCents },
    }),
  );

/** A license manager refunds a completed sale, with a reason for the buyer. */
export const useRefundLicenseRequest = (id: string) =>
  useLicensingMutation((reason: string) =>
    api<LicenseRequestDetail>(`/api/license-requests/${encodeURIComponent(id)}/refund`, {
      method: 'POST',
      body: { reason },
    }),
  );

export const usePostLicenseMessage = (id: string) =>
  useLicensingMutation((body: string) =>
    api<LicenseMessage>(`/api/license-requests/${encodeURIComponent(id)}/messages`, {
      method: 'POST',
      body: { body },
    }),
  );

/** The video being licensed (the video page's own query, so its cache is shared). */
export function useVideoToLicense(videoId: string | undefined) {
  return useQuery({
    queryKey: ['videos', 'detail', videoId],
    queryFn: ({ signal }) => api<VideoDetail>(`/api/videos/${encodeURIComponent(videoId ?? '')}`, { signal }),
    enabled: Boolean(videoId),
    retry: noRetryOnRefusal,
  });
}
