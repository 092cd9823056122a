import { sql } from 'kysely';
import { CREDIT_TYPES, DEBIT_TYPES } from '../../common/ledger';
import type { Executor } from './executor';

/** Rows that move a balance: a buyer's purchase record never does, so no statement lists it. */
const BALANCE_TYPES = [...CREDIT_TYPES, ...DEBIT_TYPES];

/**
 * What a member's monthly statement reads of the ledger, and which statements were mailed (migration
 * 0044). Never the buyer of a sale: only the video's title comes with a row.
 */
export function statementsRepository(db: Executor) {
  return {
    /** The member's balance rows written before `before`, oldest first, with a license row's video title. */
    rowsBefore(userId: string, before: Date) {
      return db
        .selectFrom('transactions as t')
        .leftJoin('license_requests as lr', 'lr.id', 't.license_request_id')
        .leftJoin('videos as v', 'v.id', 'lr.video_id')
        .select([
          't.id',
          't.type',
          't.status',
          't.amount_cents',
          't.currency',
          't.available_at',
          't.reverses_id',
          't.license_request_id',
          't.created_by',
          't.reason',
          't.created_at',
          'v.title as video_title',
        ])
        .where('t.user_id', '=', userId)
        .where('t.type', 'in', BALANCE_TYPES)
        .where('t.created_at', '<', before)
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute();
    },

    /** When the member's first balance row was written, if they have one. */
    async firstRowAt(userId: string): Promise<Date | null> {
      const row = await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('user_id', '=', userId)
        .where('type', 'in', BALANCE_TYPES)
        .executeTakeFirst();
      return row?.first ? new Date(row.first as Date | string) : null;
    },

    /**
     * The members a month's statement may concern, with their address and language: every enabled
     * account with a balance row written before the month's end whose statement of `month` was not
     * queued yet. The service keeps those whose month had a row or whose balance is not zero.
     */
    recipients(before: Date, month: string) {
      return db
        .selectFrom('users as u')
        .select(['u.id', 'u.email', 'u.name', 'u.language'])
        .where('u.disabled_at', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('monthly_statements_sent as s')
                .select(sql`1`.as('one'))
                .whereRef('s.user_id', '=', 'u.id')
                .where('s.month', '=', month),
            ),
          ),
        )
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('transactions as t')
              .select(sql`1`.as('one'))
              .whereRef('t.user_id', '=', 'u.id')
              .where('t.type', 'in', BALANCE_TYPES)
              .where('t.created_at', '<', before),
          ),
        )
        .orderBy('u.id')
        .execute();
    },

    /** The member's name, address and language, for the statement's heading. */
    member(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'language', 'created_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether the month's run reached every member it concerns. */
    async runFinished(month: string): Promise<boolean> {
      const row = await db
        .selectFrom('monthly_statement_runs')
        .select('month')
        .where('month', '=', month)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records that the month's run reached every member: later runs stop at once. */
    async finishRun(month: string): Promise<void> {
      await db
        .insertInto('monthly_statement_runs')
        .values({ month })
        .onConflict((oc) => oc.column('month').doNothing())
        .execute();
    },

    /**
     * Claims the mailing of one member's statement of one month; true for the one caller that did. Run in
     * the transaction that queues the mail: a second claim waits for the first to commit, then finds it.
     */
    async claimMailing(userId: string, month: string): Promise<boolean> {
      const row = await db
        .insertInto('monthly_statements_sent')
        .values({ user_id: userId, month })
        .onConflict((oc) => oc.columns(['user_id', 'month']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type StatementRow = Awaited<ReturnType<ReturnType<typeof statementsRepository>['rowsBefore']>>[number];
