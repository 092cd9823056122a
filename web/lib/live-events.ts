import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEventOf, LiveEventType } from '../../common/contracts/live-events';
import { systemEndpoints } from '../../common/endpoints/system';
import { formatMoney } from '../../common/money';
import {
  EARNINGS_KEY,
  LICENSE_REQUESTS_KEY,
  ME_KEY,
  MY_SUGGESTIONS_KEY,
  STANDING_REQUESTS_KEY,
  VIDEOS_KEY,
} from './query-keys';
import { useSession } from './session';
import { showTextToast } from './toast';
import { useTranslation } from './translation';

const TOASTS: Record<string, ['success' | 'warning' | 'danger', string]> = {
  not_verified: ['success', 'live.videoReceived'],
  duplicate: ['warning', 'live.videoDuplicate'],
  error: ['danger', 'live.videoNotAVideo'],
  approved: ['success', 'moderation.live.approved'],
  ready: ['success', 'moderation.live.ready'],
  declined: ['danger', 'moderation.live.declined'],
  archived: ['warning', 'moderation.live.archived'],
};

/** What the buyer is told of a manager's move; their own moves have their own confirmation. */
const LICENSE_TOASTS: Record<string, ['success' | 'info', string]> = {
  quoted: ['success', 'licensing.live.priced'],
  cancelledByManager: ['info', 'licensing.live.cancelled'],
  refunded: ['info', 'licensing.live.refunded'],
};

/**
 * Listens to the server's live events while signed in (GET /api/events): a video's new status is
 * shown at once, and the lists and pages that show videos are read again. EventSource reconnects by
 * itself after a network drop.
 */
export function useLiveEvents(): void {
  const { user } = useSession();
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource(systemEndpoints.events.path);
    // Each event's data is the payload the server published under that name (common/contracts/live-events.ts).
    const on = <Type extends LiveEventType>(type: Type, handle: (event: LiveEventOf<Type>) => void) =>
      source.addEventListener(type, (message) => handle(JSON.parse((message as MessageEvent<string>).data)));
    const refresh = (...keys: (readonly string[])[]) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    };
    on('video-status', (event) => {
      refresh(VIDEOS_KEY, ME_KEY);
      const toast = TOASTS[event.status];
      if (toast) showTextToast(toast[0], toast[1], { title: event.title });
    });
    // Staff decided on the user's edit suggestion: the video and the user's suggestions read again.
    on('edit-suggestion', (event) => {
      refresh(VIDEOS_KEY, MY_SUGGESTIONS_KEY);
      const applied = event.status === 'applied';
      showTextToast(
        applied ? 'success' : 'info',
        `moderation.live.${applied ? 'editApplied' : 'editRejected'}`,
        {
          title: event.title,
        },
      );
    });
    // The buyer's license request was paid, or its payment failed: the license pages read again.
    on('license-payment', (event) => {
      refresh(LICENSE_REQUESTS_KEY);
      if (event.status === 'completed')
        showTextToast('success', 'payments.live.completed', { title: event.title });
      if (event.status === 'awaiting_payment')
        showTextToast('warning', 'payments.live.reopened', { title: event.title });
    });
    // A video just approved answers one of the user's standing requests (issue 34).
    on('standing-request-match', (event) => {
      refresh(STANDING_REQUESTS_KEY);
      showTextToast('info', 'live.standingRequestMatch', { name: event.name, title: event.title });
    });
    // Someone licensed the user's video.
    on('license-sale', (event) => {
      // The creator's balance and history too (an open balance card shows the new pending earning).
      refresh(ME_KEY, EARNINGS_KEY);
      const amount = formatMoney(event.amountCents, event.currency, i18n.language ?? 'en');
      showTextToast('success', 'payments.live.sale', { title: event.title, amount });
    });
    // A license request the user buys or manages changed, or its conversation has a new message: every
    // licensing list, page and conversation reads again; a refund takes earnings back.
    on('license-request', (event) => {
      refresh(LICENSE_REQUESTS_KEY, ME_KEY, EARNINGS_KEY);
      const toast = event.buyer ? LICENSE_TOASTS[event.change] : undefined;
      if (toast) showTextToast(toast[0], toast[1]);
    });
    on('license-message', () => refresh(LICENSE_REQUESTS_KEY));
    return () => source.close();
  }, [userId, client, i18n]);
}
