import type {
  BalancesResponse,
  LedgerEntryView,
  MyTransactionsExportQuery,
  MyTransactionsQuery,
} from '../../../common/contracts/earnings';
import { toCsv } from '../../adapters/csv/csv';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import type { Executor } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';
import { textsIn } from '../mail/mail-templates';
import { cursorAfter, pageOf } from '../paging';
import { presentLedgerEntry, presentPendingEarning } from './earnings-presenter';

/** The export: the filtered rows, at most this many (a member's whole history in practice). */
const EXPORT_MAX_ROWS = 10_000;

/**
 * What a member sees of their money (SPEC 2.1 /me/transactions, 2.6 dashboard): balances by the one rule
 * of the ledger repository, the earnings still inside the delay, the policy, and their ledger rows.
 */
export function earningsService({ db, now }: { db: Executor; now: () => Date }) {
  const ledger = ledgerRepository(db);
  const reports = ledgerReportsRepository(db);
  return {
    async overview(userId: string): Promise<BalancesResponse> {
      const at = now();
      const [balances, pendingEarnings, policy] = await Promise.all([
        ledger.balances(userId, at),
        reports.pendingEarnings(userId, at),
        appSettingsRepository(db).withdrawalPolicy(),
      ]);
      return { balances, policy, pendingEarnings: pendingEarnings.map(presentPendingEarning) };
    },

    /** The licenses sold of the member's videos that stand (the creator's side of the dashboard). */
    salesCount: (userId: string) => reports.salesCount(userId),

    /** One page of the member's ledger rows, newest first. */
    async history(userId: string, query: MyTransactionsQuery) {
      const { limit, cursor, ...filters } = query;
      const rows = await reports.history(userId, { ...filters, limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, presentLedgerEntry);
    },

    /**
     * The member's filtered ledger rows as a CSV file, labels in their language, with the
     * `content-disposition` that names the download. It starts with a byte-order mark, so that a
     * spreadsheet reads its Greek as UTF-8.
     */
    async exportHistory(userId: string, query: MyTransactionsExportQuery) {
      const { lang, ...filters } = query;
      const rows = await reports.history(userId, { ...filters, limit: EXPORT_MAX_ROWS });
      const csv = ledgerCsv(rows.slice(0, EXPORT_MAX_ROWS).map(presentLedgerEntry), textsIn(lang));
      const day = now().toISOString().slice(0, 10);
      return { csv: `\uFEFF${csv}`, disposition: attachmentDisposition(`transactions-${day}.csv`) };
    },

    /** For each referred user: their first sale, and the bonus it earned the referrer. */
    async referralEarnings(referrerId: string, referredIds: string[]) {
      const [sales, bonuses] = await Promise.all([
        reports.firstSales(referredIds),
        reports.referralBonuses(referrerId, referredIds),
      ]);
      return new Map(
        referredIds.map((id) => {
          const sale = sales.find((row) => row.user_id === id);
          const bonus = bonuses.find((row) => row.referred_user_id === id);
          return [
            id,
            {
              firstSaleAt: sale?.first_sale_at ? new Date(sale.first_sale_at as Date | string) : null,
              bonus: bonus ? { amountCents: bonus.amount_cents, currency: bonus.currency } : null,
            },
          ];
        }),
      );
    },
  };
}

/** The history's rows as the member reads them: types and statuses in words, amounts as decimals. */
function ledgerCsv(entries: LedgerEntryView[], t: ReturnType<typeof textsIn>): string {
  return toCsv(
    entries.map((entry) => [
      entry.createdAt,
      t(`earnings.types.${entry.type}`),
      t(`earnings.statuses.${entry.status}`),
      (entry.amountCents / 100).toFixed(2),
      entry.currency,
      entry.videoTitle ?? '',
      entry.licenseRequestId ?? '',
      entry.withdrawalRequestId ?? '',
      entry.reversesId ?? '',
    ]),
    {
      header: true,
      columns: [
        t('earnings.csv.date'),
        t('earnings.csv.type'),
        t('earnings.csv.status'),
        t('earnings.csv.amount'),
        t('earnings.csv.currency'),
        t('earnings.csv.video'),
        t('earnings.csv.licenseRequest'),
        t('earnings.csv.withdrawalRequest'),
        t('earnings.csv.reverses'),
      ],
    },
  );
}
