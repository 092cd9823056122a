import type { ColumnType } from 'kysely';

/** The column types the schema-*.ts tables share. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read back parsed, written as JSON text (JSON.stringify). */
export type Json = ColumnType<unknown, string, string>;
