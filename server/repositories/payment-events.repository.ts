import type { Executor } from './executor';

/** The payment provider's events, each kept once by (provider, event id): a replay is recognised. */
export function paymentEventsRepository(db: Executor) {
  return {
    /** Records the event; false when it was recorded before (a replay), which then changes nothing. */
    async record(event: {
      provider: string;
      eventId: string;
      type: string;
      licenseRequestId: string | null;
      outcome: string;
    }): Promise<boolean> {
      const row = await db
        .insertInto('payment_events')
        .values({
          provider: event.provider,
          event_id: event.eventId,
          type: event.type,
          license_request_id: event.licenseRequestId,
          outcome: event.outcome,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What a recorded event did (null when it was never recorded). */
    async outcomeOf(provider: string, eventId: string): Promise<string | null> {
      const row = await db
        .selectFrom('payment_events')
        .select('outcome')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row?.outcome ?? null;
    },

    /** What the recorded event turned out to do (set in the same transaction that applied it). */
    async setOutcome(provider: string, eventId: string, outcome: string): Promise<void> {
      await db
        .updateTable('payment_events')
        .set({ outcome })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
  };
}
