import { USER_EVENTS_CHANNEL, type UserEvent, userEventPayload } from '../adapters/events/event-bus';
import type { Executor } from './executor';
import { notifyChannel } from './notify';

/**
 * A user's live event sent through an executor: on a transaction's, PostgreSQL delivers it when that
 * transaction commits and never if it rolls back, so a page never hears of a change that did not happen.
 */
export function liveEventsRepository(db: Executor) {
  return {
    async publish(userId: string, event: UserEvent): Promise<void> {
      await notifyChannel(db, USER_EVENTS_CHANNEL, userEventPayload(userId, event));
    },
  };
}
