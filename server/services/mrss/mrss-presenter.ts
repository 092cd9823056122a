import type { MrssFeed, MrssToken } from '../../../common/contracts/mrss';
import type { MrssFeedRow, MrssTokenRow } from '../../repositories/mrss-feeds.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A partner of a feed: their name and dates, never the token or its hash. */
export function presentMrssToken(row: MrssTokenRow): MrssToken {
  return {
    id: row.id,
    partnerName: row.partner_name,
    createdAt: row.created_at.toISOString(),
    issuedAt: row.issued_at.toISOString(),
    revokedAt: iso(row.revoked_at),
  };
}

export function presentMrssFeed(row: MrssFeedRow & { tokens: MrssTokenRow[]; matching: number }): MrssFeed {
  return {
    id: row.id,
    name: row.name,
    language: row.language === 'el' ? 'el' : 'en',
    filter: {
      keywords: row.keywords,
      categoryId: row.category_id,
      shotFrom: row.shot_from,
      shotTo: row.shot_to,
      licensableOnly: row.licensable_only,
    },
    matching: row.matching,
    tokens: row.tokens.map(presentMrssToken),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
