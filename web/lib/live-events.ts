import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../common/money';
import { EARNINGS_KEY } from './query-keys';
import { useSession } from './session';
import { showToast } from './toast';

interface VideoStatusEvent {
  videoId: string;
  title: string;
  status: string;
}

const TOASTS: Record<string, ['success' | 'warning' | 'danger', string]> = {
  not_verified: ['success', 'live.videoReceived'],
  duplicate: ['warning', 'live.videoDuplicate'],
  error: ['danger', 'live.videoNotAVideo'],
  approved: ['success', 'moderation.live.approved'],
  ready: ['success', 'moderation.live.ready'],
  declined: ['danger', 'moderation.live.declined'],
  archived: ['warning', 'moderation.live.archived'],
};

interface LicenseEvent {
  licenseRequestId: string;
  status: string;
  /** Sent to the buyer (managers hear the same change without a toast: they made it or see it listed). */
  buyer: boolean;
  change: string;
}

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
  const { t, i18n } = useTranslation();
  const userId = user?.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    source.addEventListener('video-status', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as VideoStatusEvent;
      void client.invalidateQueries({ queryKey: ['videos'] });
      void client.invalidateQueries({ queryKey: ['users', 'me'] });
      const toast = TOASTS[event.status];
      if (toast) showToast(toast[0], t(toast[1], { title: event.title }));
    });
    // Staff decided on the user's edit suggestion: the video and the user's suggestions read again.
    source.addEventListener('edit-suggestion', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as VideoStatusEvent;
      void client.invalidateQueries({ queryKey: ['videos'] });
      void client.invalidateQueries({ queryKey: ['video_edits', 'mine'] });
      const applied = event.status === 'applied';
      showToast(
        applied ? 'success' : 'info',
        t(applied ? 'moderation.live.editApplied' : 'moderation.live.editRejected', { title: event.title }),
      );
    });
    // The buyer's license request was paid, or its payment failed: the license pages read again.
    source.addEventListener('license-payment', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as VideoStatusEvent;
      void client.invalidateQueries({ queryKey: ['license-requests'] });
      if (event.status === 'completed')
        showToast('success', t('payments.live.completed', { title: event.title }));
      if (event.status === 'awaiting_payment')
        showToast('warning', t('payments.live.reopened', { title: event.title }));
    });
    // Someone licensed the user's video.
    source.addEventListener('license-sale', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as VideoStatusEvent & {
        amountCents: number;
        currency: string;
      };
      void client.invalidateQueries({ queryKey: ['users', 'me'] });
      // The creator's balance and history (an open balance card shows the new pending earning).
      void client.invalidateQueries({ queryKey: EARNINGS_KEY });
      const amount = formatMoney(event.amountCents, event.currency, i18n.resolvedLanguage ?? 'en');
      showToast('success', t('payments.live.sale', { title: event.title, amount }));
    });
    // A license request the user buys or manages changed, or its conversation has a new message: every
    // licensing list, page and conversation reads again (the key of features/licensing/api.ts).
    source.addEventListener('license-request', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as LicenseEvent;
      void client.invalidateQueries({ queryKey: ['license-requests'] });
      void client.invalidateQueries({ queryKey: ['users', 'me'] });
      // A refund takes earnings back.
      void client.invalidateQueries({ queryKey: EARNINGS_KEY });
      const toast = event.buyer ? LICENSE_TOASTS[event.change] : undefined;
      if (toast) showToast(toast[0], t(toast[1]));
    });
    source.addEventListener('license-message', () => {
      void client.invalidateQueries({ queryKey: ['license-requests'] });
    });
    return () => source.close();
  }, [userId, client, t, i18n]);
}
