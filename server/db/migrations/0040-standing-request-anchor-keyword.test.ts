import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';
import { down, up } from './0040-standing-request-anchor-keyword';

/** Migration 0040: requests saved before it get the keyword fewest videos have as their anchor. */
const t = setUpTestApp();
let buyerId: string;
beforeAll(async () => {
  buyerId = (await signUp(t, { email: 'newsroom@example.com' })).id;
});

const anchorOf = async (name: string) =>
  (
    await sql<{ anchor_keyword: string | null }>`
      select anchor_keyword from standing_requests where name = ${name}`.execute(t.db)
  ).rows[0]?.anchor_keyword;

describe('0040-standing-request-anchor-keyword', () => {
  it('anchors each earlier request on its rarest keyword, and none without keywords', async () => {
    // The test database is migrated already: take the migration back, save requests as before it, run it.
    await down(t.db);
    await sql`insert into keyword_summary (keyword, label, count) values ('storm', 'storm', 90), ('pier', 'pier', 4)
              on conflict (keyword) do update set count = excluded.count`.execute(t.db);
    const requests: [string, string[]][] = [
      ['both', ['storm', 'pier']],
      ['one unknown', ['storm', 'unheard']],
      ['words only', []],
    ];
    for (const [name, keywords] of requests)
      await sql`insert into standing_requests (user_id, name, frequency, keywords, keywords_normalized, q)
                values (${buyerId}, ${name}, 'instant', ${keywords}::text[], ${keywords}::text[], 'flood')`.execute(
        t.db,
      );
    await up(t.db);
    expect(await anchorOf('both')).toBe('pier');
    expect(await anchorOf('one unknown')).toBe('unheard');
    expect(await anchorOf('words only')).toBeNull();
  });
});
