import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
};
