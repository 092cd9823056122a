import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LicenseRequestDetail,
  LicenseRequestInput,
  LicenseStatus,
} from '../../../common/contracts/licenses';
import { licensingEndpoints } from '../../../common/endpoints/licensing';
import { videoEndpoints } from '../../../common/endpoints/videos';
import { ApiError } from '../../lib/api';
import { call, clientOf } from '../../lib/api-client';
import { LICENSE_REQUESTS_KEY, licenseRequestKey, videoDetailKey } from '../../lib/query-keys';

const licensing = clientOf(licensingEndpoints);

const noRetryOnRefusal = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

/** A list of requests, page by page: the caller's own, or (for managers) everyone's. */
export function useLicenseRequests(
  scope: 'mine' | 'managed',
  filter: { status: LicenseStatus | null; q?: string },
) {
  const list = scope === 'mine' ? licensing.mine : licensing.managed;
  return useInfiniteQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, scope, filter.status ?? 'all', filter.q ?? ''],
    queryFn: ({ pageParam, signal }) =>
      list(
        {
          query: {
            limit: 20,
            status: filter.status ?? undefined,
            q: filter.q,
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

export function useLicenseRequest(id: string | undefined) {
  return useQuery({
    queryKey: licenseRequestKey(id),
    queryFn: ({ signal }) => licensing.view({ params: { id: id ?? '' } }, { signal }),
    enabled: Boolean(id),
    retry: noRetryOnRefusal,
  });
}

export function useLicenseMessages(id: string) {
  return useQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, 'messages', id],
    queryFn: ({ signal }) => licensing.messages({ params: { id } }, { signal }),
    select: (data) => data.items,
    retry: noRetryOnRefusal,
  });
}

/**
 * A change to a request. Its answer is the request's page as it is now: it goes into the cache as it is,
 * and the lists (whose rows may have moved) read again.
 */
function useLicensingMutation<I>(change: (input: I) => Promise<LicenseRequestDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      client.setQueryData(licenseRequestKey(detail.id), detail);
      return client.invalidateQueries({
        queryKey: LICENSE_REQUESTS_KEY,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== detail.id,
      });
    },
  });
}

export const useCreateLicenseRequest = (videoId: string) =>
  useLicensingMutation((body: LicenseRequestInput) => licensing.create({ params: { videoId }, body }));

export const useCancelLicenseRequest = (id: string) =>
  useLicensingMutation((reason: string) =>
    licensing.cancel({ params: { id }, body: reason ? { reason } : {} }),
  );

export const useQuoteLicenseRequest = (id: string) =>
  useLicensingMutation((priceCents: number) => licensing.quote({ params: { id }, body: { priceCents } }));

/** A license manager refunds a completed sale, with a reason for the buyer. */
export const useRefundLicenseRequest = (id: string) =>
  useLicensingMutation((reason: string) => licensing.refund({ params: { id }, body: { reason } }));

/** A message joins the conversation; the conversation reads again. */
export function usePostLicenseMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => licensing.postMessage({ params: { id }, body: { body } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...LICENSE_REQUESTS_KEY, 'messages', id] }),
  });
}

/** The video being licensed (the video page's own query, so its cache is shared). */
export function useVideoToLicense(videoId: string | undefined) {
  return useQuery({
    queryKey: videoDetailKey(videoId),
    queryFn: ({ signal }) => call(videoEndpoints.detail, { params: { videoId: videoId ?? '' } }, { signal }),
    enabled: Boolean(videoId),
    retry: noRetryOnRefusal,
  });
}
