import type { Selectable } from 'kysely';
import type { AccountTables, UsersTable } from './schema-accounts';
import type { AnalyticsTables } from './schema-analytics';
import type { BuyerTables } from './schema-buyers';
import type { MoneyTables } from './schema-money';
import type { AbuseRequestsTable, PlatformTables } from './schema-platform';
import type { VideosTable, VideoTables } from './schema-videos';

export type * from './schema-accounts';
export type * from './schema-buyers';
export type * from './schema-money';
export type * from './schema-platform';
export type * from './schema-videos';

/**
 * Table types for Kysely: every table by name, each domain's declared in its schema-*.ts. Keep them in
 * step with migrations/.
 */
export interface DB
  extends AccountTables,
    VideoTables,
    MoneyTables,
    PlatformTables,
    BuyerTables,
    AnalyticsTables {}

export type UserRow = Selectable<UsersTable>;
export type VideoRow = Selectable<VideosTable>;
export type AbuseRequestRow = Selectable<AbuseRequestsTable>;
