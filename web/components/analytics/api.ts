import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../common/contracts/analytics';
import { analyticsEndpoints } from '../../../common/endpoints/analytics';
import { clientOf } from '../../lib/api-client';

const analytics = clientOf(analyticsEndpoints);

/**
 * A creator's analytics over a period: of all their videos, or of one (`videoId`). The last period's stay
 * on screen while the next loads, so the charts do not jump to a spinner.
 */
export function useAnalytics(period: AnalyticsPeriod, videoId?: string) {
  return useQuery({
    queryKey: ['me', 'analytics', videoId ?? 'all', period],
    queryFn: ({ signal }) =>
      videoId
        ? analytics.ofVideo({ params: { videoId }, query: { period } }, { signal })
        : analytics.mine({ query: { period } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
