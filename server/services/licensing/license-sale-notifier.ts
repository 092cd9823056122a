import type { Language } from '../../../common/constants';
import { formatDate } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { actionMail, languageOf, textsIn } from '../mail/mail-templates';
import { licenseScopeOf, licenseTypeName } from './license-snapshot';
import type { Sale } from './payment-event-outcomes';

/** The license type's kind of use in the reader's language, as the settings name it. */
function scopeName(snapshot: unknown, language: Language): string {
  const scope = licenseScopeOf(snapshot);
  return scope ? textsIn(language)(`adminSettings.scopes.${scope}`) : '';
}

/**
 * Tells the people of a license request what its payment did, inside the transaction that records it: the buyer
 * sees the new status live; on a sale the buyer and the creator get receipts (and the referrer, of a bonus),
 * each in their language; never the buyer's identity, billing details or words to the creator, which
 * screens hide from the creator too.
 */
export function licenseSaleNotifier(deps: {
  db: Executor;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
  publicUrl: string;
}) {
  const requests = licensePaymentsRepository(deps.db);
  return {
    async statusChanged(requestId: string): Promise<void> {
      const request = await requests.find(requestId);
      if (!request) return;
      await deps.events.publish(request.buyer_id, {
        type: 'license-payment',
        licenseRequestId: request.id,
        videoId: request.video_id,
        title: request.video_title,
        status: request.status,
      });
    },

    /**
     * A sale: the buyer's receipt; the creator's (issue 35: the video, the license type and its kind of
     * use, never who bought it nor the buyer's words; the price, their share and its percentage, when it
     * may be withdrawn, a link to their transactions), live and by e-mail; and the referrer's, of a bonus
     * the sale paid. Each in the reader's language.
     */
    async sold(sale: Sale): Promise<void> {
      const request = await requests.find(sale.requestId);
      if (request?.status !== 'completed') return;
      await deps.events.publish(request.creator_id, {
        type: 'license-sale',
        licenseRequestId: request.id,
        videoId: request.video_id,
        title: request.video_title,
        amountCents: sale.creatorCents,
        currency: request.currency,
      });
      const referrerId = sale.referral?.userId;
      const people = await requests.people(
        request.buyer_id,
        request.creator_id,
        ...(referrerId ? [referrerId] : []),
      );
      const person = (id: string | undefined) => people.find((someone) => someone.id === id && someone.email);
      const transactions = `${deps.publicUrl}${ROUTES.myTransactions}`;
      const buyer = person(request.buyer_id);
      if (buyer) {
        const language = languageOf(buyer.language);
        await deps.mailer.send(
          actionMail('licensePaid', {
            to: buyer.email,
            language,
            url: `${deps.publicUrl}${buildPath(ROUTES.myLicense, { licenseRequestId: request.id })}`,
            params: {
              title: request.video_title,
              licenseType: licenseTypeName(request.license_type_snapshot, language),
              usage: request.usage,
              amount: formatMoney(request.price_cents ?? 0, request.currency, language),
              reference: request.id,
            },
          }),
        );
      }
      const creator = person(request.creator_id);
      if (creator) {
        const language = languageOf(creator.language);
        await deps.mailer.send(
          actionMail('licenseSold', {
            to: creator.email,
            language,
            url: transactions,
            params: {
              title: request.video_title,
              licenseType: licenseTypeName(request.license_type_snapshot, language),
              scope: scopeName(request.license_type_snapshot, language),
              price: formatMoney(request.price_cents ?? 0, request.currency, language),
              amount: formatMoney(sale.creatorCents, request.currency, language),
              percent: String(request.creator_share_percent),
              date: formatDate(sale.availableAt, language, { timeZone: 'UTC' }),
            },
          }),
        );
      }
      const referrer = person(referrerId);
      if (referrer && sale.referral) {
        const language = languageOf(referrer.language);
        await deps.mailer.send(
          actionMail('referralBonusEarned', {
            to: referrer.email,
            language,
            url: transactions,
            params: {
              amount: formatMoney(sale.referral.cents, request.currency, language),
              date: formatDate(sale.availableAt, language, { timeZone: 'UTC' }),
            },
          }),
        );
      }
    },
  };
}
