import type { Executor } from './executor';

/** The conversation of a license request, oldest first (the newest is shown at the bottom). */
export function licenseMessagesRepository(db: Executor) {
  return {
    list(licenseRequestId: string) {
      return db
        .selectFrom('license_messages as m')
        .leftJoin('users', 'users.id', 'm.author_id')
        .select(['m.id', 'm.body', 'm.created_at', 'm.author_id', 'users.name as author_name'])
        .where('m.license_request_id', '=', licenseRequestId)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute();
    },

    add(licenseRequestId: string, authorId: string, body: string, now: Date) {
      return db
        .insertInto('license_messages')
        .values({ license_request_id: licenseRequestId, author_id: authorId, body, created_at: now })
        .returning(['id', 'body', 'created_at', 'author_id'])
        .executeTakeFirstOrThrow();
    },
  };
}
export type LicenseMessageRow = Awaited<
  ReturnType<ReturnType<typeof licenseMessagesRepository>['list']>
>[number];
