import { type Kysely, sql } from 'kysely';

/**
 * Search (issue 8): keywords kept in their normal form for case- and accent-insensitive matching (GIN),
 * title and description folded in TypeScript (PGlite has no unaccent) with a generated full-text vector
 * over them (title and description, the title weighing A; and the title alone): 'simple' finds the words as written, 'english' and
 * 'greek' their stems. Prefix suggestions read the keyword summary through a text_pattern_ops index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table videos
      add column keywords_normalized text[] not null default '{}',
      add column title_folded text not null default '',
      add column description_folded text not null default ''`.execute(db);
  await backfill(db);
  await sql`
    alter table videos add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple'::regconfig, title_folded), 'A') ||
      setweight(to_tsvector('english'::regconfig, title_folded), 'A') ||
      setweight(to_tsvector('greek'::regconfig, title_folded), 'A') ||
      setweight(to_tsvector('simple'::regconfig, description_folded), 'D') ||
      setweight(to_tsvector('english'::regconfig, description_folded), 'D') ||
      setweight(to_tsvector('greek'::regconfig, description_folded), 'D')
    ) stored`.execute(db);
  // The title alone, for the "every word in the title" tier: a small vector is cheap to check row by row,
  // and its statistics let the planner judge how rare a title word is (weights in a query are ignored there).
  await sql`
    alter table videos add column title_vector tsvector generated always as (
      to_tsvector('simple'::regconfig, title_folded) ||
      to_tsvector('english'::regconfig, title_folded) ||
      to_tsvector('greek'::regconfig, title_folded)
    ) stored`.execute(db);
  await sql`create index videos_title_vector_idx on videos using gin (title_vector)`.execute(db);
  // Most keywords and words are rare; with the default sample the planner guesses their frequency and
  // may walk the newest-first index through much of the table instead of reading the few matches.
  await sql`
    alter table videos
      alter column keywords_normalized set statistics 1000,
      alter column title_vector set statistics 1000,
      alter column search_vector set statistics 1000`.execute(db);
  await sql`create index videos_keywords_normalized_idx on videos using gin (keywords_normalized)`.execute(
    db,
  );
  await sql`create index videos_search_vector_idx on videos using gin (search_vector)`.execute(db);
  // Each tier pages newest first on the (created_at, id) index of 0005, read backwards.
  await sql`create index keyword_summary_prefix_idx on keyword_summary (keyword text_pattern_ops)`.execute(
    db,
  );
}

/** Fills the new columns of the videos that exist, a batch at a time. */
async function backfill(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; title: string; description: string; keywords: string[] }>`
      select id, title, description, keywords from videos where id > ${after} order by id limit 500`.execute(
      db,
    );
    for (const row of rows) {
      const columns = searchColumns(row);
      await sql`
        update videos set keywords_normalized = ${columns.keywords_normalized}::text[],
          title_folded = ${columns.title_folded}, description_folded = ${columns.description_folded}
        where id = ${row.id}`.execute(db);
    }
    const last = rows.at(-1);
    if (!last) return;
    after = last.id;
  }
}

// Frozen copies of the keyword fold and the search columns as they were when this migration shipped:
// a migration never imports live code, or changing that code would change what replaying this one does.

/** The folded form of a text: no case, no accents, final sigma as sigma, single spaces (0009 uses it too). */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search columns of one video: its keywords' normal forms (no repeats) and its folded texts. */
function searchColumns(video: { title: string; description: string; keywords: readonly string[] }) {
  return {
    keywords_normalized: [...new Set(video.keywords.map(fold).filter(Boolean))],
    title_folded: fold(video.title),
    description_folded: fold(video.description),
  };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index keyword_summary_prefix_idx`.execute(db);
  await sql`
    alter table videos
      drop column title_vector,
      drop column search_vector,
      drop column keywords_normalized,
      drop column title_folded,
      drop column description_folded`.execute(db);
}
