import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { licensePaymentsRepository } from '../../repositories/license-payments.repository';
import { actionMail, languageOf } from '../mail/mail-templates';
import { licenseTypeName } from './license-snapshot';

/**
 * Tells the people of a license request what its payment did, inside the transaction that records it: the buyer
 * sees the new status live; on a sale the buyer gets a receipt, and the creator hears of it live and by
 * e-mail, each in their language with the license type and usage; never the buyer's billing details to the
 * creator, which screens hide from the creator too.
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

    async sold(requestId: string, creatorCents: number): Promise<void> {
      const request = await requests.find(requestId);
      if (request?.status !== 'completed') return;
      await deps.events.publish(request.creator_id, {
        type: 'license-sale',
        licenseRequestId: request.id,
        videoId: request.video_id,
        title: request.video_title,
        amountCents: creatorCents,
        currency: request.currency,
      });
      const people = await requests.people(request.buyer_id, request.creator_id);
      const buyer = people.find((person) => person.id === request.buyer_id);
      if (buyer?.email) {
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
      const creator = people.find((person) => person.id === request.creator_id);
      if (!creator?.email) return;
      const language = languageOf(creator.language);
      await deps.mailer.send(
        actionMail('licenseSold', {
          to: creator.email,
          language,
          url: `${deps.publicUrl}${buildPath(ROUTES.video, { videoId: request.video_id })}`,
          params: {
            title: request.video_title,
            licenseType: licenseTypeName(request.license_type_snapshot, language),
            usage: request.usage,
            amount: formatMoney(creatorCents, request.currency, language),
          },
        }),
      );
    },
  };
}
