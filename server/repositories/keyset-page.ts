import { type SelectQueryBuilder, sql } from 'kysely';

/** How a list is read page by page: its table and alias, its time column and its direction. */
export interface KeysetOrder {
  /** The table the cursor's row is in, and the alias the query gives it. */
  table: string;
  alias: string;
  /** The column the list is ordered by (then by id, so equal times keep one order). */
  time?: string;
  /** The queues read oldest first; everything else newest first. */
  oldestFirst?: boolean;
}

/**
 * One page of a list in (time, id) order: at most `limit + 1` rows (the extra one tells `pageOf` that a
 * next page exists) after the row `afterId`. The cursor is only an id; its time is read from the table,
 * so a cursor cannot be forged to skip or repeat rows.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  page: { limit: number; afterId?: string | null },
): SelectQueryBuilder<DB, TB, O> {
  const time = order.time ?? 'created_at';
  const direction = order.oldestFirst ? 'asc' : 'desc';
  const column = (name: string) => sql.ref(`${order.alias}.${name}`);
  const paged = query
    .orderBy(column(time), direction)
    .orderBy(column('id'), direction)
    .limit(page.limit + 1);
  if (!page.afterId) return paged;
  return paged.where(
    sql<boolean>`(${column(time)}, ${column('id')}) ${sql.raw(order.oldestFirst ? '>' : '<')} (select c.${sql.ref(time)}, c.id from ${sql.table(order.table)} c where c.id = ${page.afterId})`,
  );
}
