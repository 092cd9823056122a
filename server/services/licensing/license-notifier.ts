import type { Language } from '../../../common/constants';
import { formatMoney } from '../../../common/money';
import { buildPath, ROUTES } from '../../../common/routes';
import type { EventBus, UserEvent } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { licenseNoticesRepository } from '../../repositories/license-notices.repository';
import type { LicenseRequestRow } from '../../repositories/license-requests.repository';
import { type ActionMailKind, actionMail, languageOf } from '../mail/mail-templates';
import { licenseTypeName } from './license-snapshot';

type Recipient = { id: string; email: string; language: string };

/**
 * Tells the other side of a license request what happened: live on every open page of the buyer and
 * the managers, and by e-mail in the recipient's language. Managers as a group: every manager's pages
 * hear every change live; e-mail goes to the manager who quoted the request, or to every manager while
 * nobody has (one mail each), so a priced request does not fill every manager's inbox. Built on the
 * transaction of the change (noticeChannelsIn): the mails wait in the outbox, sent once it commits.
 */
export function licenseNotifier(deps: {
  db: Executor;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
  publicUrl: string;
}) {
  const notices = licenseNoticesRepository(deps.db);

  const publish = async (userIds: Iterable<string>, event: UserEvent) => {
    for (const id of new Set(userIds)) await deps.events.publish(id, event);
  };
  /** The new status, to the buyer and to every manager (the buyer's pages say it in a toast). */
  const publishStatus = async (
    row: LicenseRequestRow,
    managers: Recipient[],
    change: 'created' | 'quoted' | 'cancelledByBuyer' | 'cancelledByManager' | 'refunded',
  ) => {
    const event = { type: 'license-request', licenseRequestId: row.id, status: row.status, change } as const;
    await deps.events.publish(row.buyer_id, { ...event, buyer: true });
    await publish(
      managers.filter((m) => m.id !== row.buyer_id).map((m) => m.id),
      { ...event, buyer: false },
    );
  };

  const mail = async (
    to: Recipient,
    kind: ActionMailKind,
    row: LicenseRequestRow,
    params: Record<string, string> = {},
  ) => {
    if (to.email.endsWith('.invalid')) return;
    const language: Language = languageOf(to.language);
    const toBuyer = to.id === row.buyer_id;
    const path = buildPath(toBuyer ? ROUTES.myLicense : ROUTES.adminLicenseRequest, {
      licenseRequestId: row.id,
    });
    await deps.mailer.send(
      actionMail(kind, {
        to: to.email,
        language,
        url: `${deps.publicUrl}${path}`,
        params: {
          title: row.video_title,
          type: licenseTypeName(row.license_type_snapshot, language),
          price: row.price_cents ? formatMoney(row.price_cents, row.currency, language) : '',
          usage: row.usage,
          ...params,
        },
      }),
    );
  };

  /** The managers who hear of the buyer's moves by e-mail: the one who quoted, or all of them. */
  const managersInCharge = async (row: LicenseRequestRow, managers: Recipient[]) => {
    const quoter = row.quoted_by ? managers.find((m) => m.id === row.quoted_by) : undefined;
    return quoter ? [quoter] : managers;
  };

  const everyone = async (row: LicenseRequestRow) => {
    const managers = await notices.listManagers();
    return { managers, ids: [row.buyer_id, ...managers.map((m) => m.id)] };
  };

  return {
    /** A new request: managers hear it; a "price by request" one is mailed to them to quote. */
    async created(row: LicenseRequestRow): Promise<void> {
      const managers = await notices.listManagers();
      await publishStatus(row, managers, 'created');
      if (row.status !== 'open') return;
      for (const manager of managers) await mail(manager, 'licenseRequestOpened', row);
    },

    /**
     * A request for several clips: every clip's pages hear it; while clips wait for a quote, each manager
     * gets one mail naming them all (the link opens the first), not one per clip.
     */
    async bundleCreated(rows: LicenseRequestRow[]): Promise<void> {
      const managers = await notices.listManagers();
      for (const row of rows) await publishStatus(row, managers, 'created');
      const open = rows.filter((row) => row.status === 'open');
      if (open.length === 0) return;
      const title = open.map((row) => row.video_title).join(', ');
      for (const manager of managers) await mail(manager, 'licenseRequestOpened', open[0]!, { title });
    },

    /** A manager priced the request: the buyer may pay now. */
    async quoted(row: LicenseRequestRow): Promise<void> {
      await publishStatus(row, await notices.listManagers(), 'quoted');
      const buyer = await notices.findUser(row.buyer_id);
      if (buyer) await mail(buyer, 'licenseQuoted', row);
    },

    /** Cancelled by the buyer (the managers in charge hear it) or by a manager (the buyer does). */
    async cancelled(row: LicenseRequestRow, byBuyer: boolean): Promise<void> {
      const managers = await notices.listManagers();
      await publishStatus(row, managers, byBuyer ? 'cancelledByBuyer' : 'cancelledByManager');
      if (byBuyer) {
        for (const manager of await managersInCharge(row, managers)) {
          await mail(manager, 'licenseCancelledByBuyer', row);
        }
        return;
      }
      const buyer = await notices.findUser(row.buyer_id);
      if (buyer) await mail(buyer, 'licenseCancelledByManager', row, { reason: row.cancel_reason ?? '' });
    },

    /** A manager refunded the sale: every open page hears it (its e-mail is written with the refund). */
    async refunded(row: LicenseRequestRow): Promise<void> {
      await publishStatus(row, await notices.listManagers(), 'refunded');
    },

    /** A new message: every open page of the conversation hears it; the other side gets it by e-mail. */
    async message(row: LicenseRequestRow, authorId: string, body: string): Promise<void> {
      const { managers, ids } = await everyone(row);
      await publish(ids, { type: 'license-message', licenseRequestId: row.id });
      if (authorId !== row.buyer_id) {
        const buyer = await notices.findUser(row.buyer_id);
        if (buyer) await mail(buyer, 'licenseMessage', row, { message: body });
        return;
      }
      for (const manager of await managersInCharge(row, managers)) {
        if (manager.id !== authorId) await mail(manager, 'licenseMessage', row, { message: body });
      }
    },
  };
}
export type LicenseNotifier = ReturnType<typeof licenseNotifier>;
