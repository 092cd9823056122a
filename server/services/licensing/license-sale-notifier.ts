import type { Language } from '../../../common/constants';
import { formatDate } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { type ActionMailKind, actionMail, languageOf, textsIn } from '../mail/mail-templates';
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
     * may be withdrawn, a link to the sale in their transactions), live and by e-mail; and the referrer's, of a bonus
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
      const referrerId = sale.referrerId;
      const people = await requests.people(
        request.buyer_id,
        request.creator_id,
        ...(referrerId ? [referrerId] : []),
      );
      /** An e-mail of `kind` to one of them who has an address, its texts in their language. */
      const mailTo = async (
        id: string | null,
        kind: ActionMailKind,
        url: string,
        params: (language: Language) => Record<string, string>,
      ) => {
        const person = people.find((someone) => someone.id === id);
        if (!person?.email) return;
        const language = languageOf(person.language);
        await deps.mailer.send(
          actionMail(kind, { to: person.email, language, url, params: params(language) }),
        );
      };
      const transactions = `${deps.publicUrl}${ROUTES.myTransactions}`;
      const price = (language: Language) => formatMoney(request.price_cents ?? 0, request.currency, language);
      const available = (language: Language) => formatDate(sale.availableAt, language, { timeZone: 'UTC' });
      const licensePage = buildPath(ROUTES.myLicense, { licenseRequestId: request.id });
      await mailTo(request.buyer_id, 'licensePaid', `${deps.publicUrl}${licensePage}`, (language) => ({
        title: request.video_title,
        licenseType: licenseTypeName(request.license_type_snapshot, language),
        usage: request.usage,
        amount: price(language),
        reference: request.id,
      }));
      // The sale's rows in their history (its earning, and its refund if one comes).
      const thisSale = `${transactions}?sale=${encodeURIComponent(request.id)}`;
      await mailTo(request.creator_id, 'licenseSold', thisSale, (language) => ({
        title: request.video_title,
        licenseType: licenseTypeName(request.license_type_snapshot, language),
        scope: scopeName(request.license_type_snapshot, language),
        price: price(language),
        amount: formatMoney(sale.creatorCents, request.currency, language),
        percent: String(request.creator_share_percent),
        date: available(language),
      }));
      const bonus = sale.referralBonusCents;
      if (bonus !== null) {
        await mailTo(referrerId, 'referralBonusEarned', thisSale, (language) => ({
          amount: formatMoney(bonus, request.currency, language),
          date: available(language),
        }));
      }
    },
  };
}
