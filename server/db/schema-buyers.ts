/**
 * Table types for Kysely (schema.ts composes DB of every domain's; keep them in step with migrations/):
 * what buyers keep: standing requests (saved searches that tell of new footage) and what they matched, and
 * collections of clips.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './schema-columns';

/** Written by the database from other columns: read only. */
type Derived<T> = ColumnType<T, never, never>;

export interface StandingRequestsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** 'instant' (at most one e-mail an hour) or 'daily' (one digest a day). */
  frequency: string;
  paused: Generated<boolean>;
  keywords: Generated<string[]>;
  keywords_normalized: Generated<string[]>;
  /** The keyword of them fewest videos had when it was saved (migration 0040): the one it is found by. */
  anchor_keyword: string | null;
  q: Generated<string>;
  /** The words' query as search builds it (video-search.repository.ts), as text; null without words. */
  words_query: string | null;
  /** Every lexeme of `words_query`: a video sharing none of them cannot match its words. */
  lexemes: Generated<string[]>;
  near_lat: number | null;
  near_lng: number | null;
  radius_km: number | null;
  place_name: Generated<string>;
  /** The circle's bounding box, `(east,north),(west,south)` as text. */
  area: string | null;
  shot_from: string | null;
  shot_to: string | null;
  shot_days: Derived<string | null>;
  /** Which index finds it: 'text', 'place' or 'days'. */
  anchor: Derived<string>;
  license_type_id: string | null;
  max_price_cents: number | null;
  currency: string | null;
  last_mailed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StandingRequestMatchesTable {
  standing_request_id: string;
  video_id: string;
  matched_at: Timestamp;
  mailed_at: Timestamp | null;
}

/** A buyer's lightbox (migration 0037); `share_token` the secret of its read-only link, null when unshared. */
export interface CollectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  share_token: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CollectionItemsTable {
  collection_id: string;
  video_id: string;
  /** The buyer's order, from 0. */
  position: number;
  note: Generated<string>;
  added_at: Timestamp;
}

export interface BuyerTables {
  standing_requests: StandingRequestsTable;
  standing_request_matches: StandingRequestMatchesTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
}
