import type {
  MrssFeed,
  MrssFeedCreated,
  MrssFeedList,
  MrssFilter,
  MrssIssuedToken,
  MrssToken,
} from '../../../common/contracts/mrss';
import { normalizeKeyword, parseKeywords } from '../../../common/keywords';
import { LICENSABLE_STATUSES, PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { notFound } from '../../errors';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import {
  type MrssFeedRow,
  type MrssFeedValues,
  type MrssTokenRow,
  type MrssVideoQuery,
  mrssFeedsRepository,
} from '../../repositories/mrss-feeds.repository';
import { cursorAfter, pageOf } from '../paging';
import { presentMrssFeed, presentMrssToken } from './mrss-presenter';
import { feedUrl, hashFeedToken, newFeedToken } from './mrss-tokens';

export interface MrssFeedDetails {
  name: string;
  language: string;
  filter: MrssFilter;
}

/** Keywords as typed (shown so on the screen), each once by its normal form. */
const uniqueKeywords = (keywords: string[]) => parseKeywords(keywords.join(','));

/** The stored values of a feed's name and filter. */
function valuesOf(details: MrssFeedDetails): MrssFeedValues {
  const { filter } = details;
  return {
    name: details.name,
    language: details.language,
    keywords: uniqueKeywords(filter.keywords),
    categoryId: filter.categoryId,
    shotFrom: filter.shotFrom,
    shotTo: filter.shotTo,
    licensableOnly: filter.licensableOnly,
  };
}

/**
 * The visibility rule of the catalog (publicly listed: a public status and privacy public), narrowed to
 * the licensable statuses when the feed asks for those only.
 */
export function feedVideoQuery(feed: {
  keywords: string[];
  category_id: number | null;
  shot_from: string | null;
  shot_to: string | null;
  licensable_only: boolean;
}): MrssVideoQuery {
  const statuses = feed.licensable_only
    ? PUBLIC_VIDEO_STATUSES.filter((status) => LICENSABLE_STATUSES.includes(status))
    : PUBLIC_VIDEO_STATUSES;
  return {
    statuses,
    // Matched as search matches them: without case or accents
    keywords: [...new Set(feed.keywords.map(normalizeKeyword))],
    categoryId: feed.category_id,
    shotFrom: feed.shot_from,
    shotTo: feed.shot_to,
  };
}

/** A feed row's filter in the shape of the contract. */
const storedFilter = (feed: MrssFeedRow) => ({
  keywords: feed.keywords,
  category_id: feed.category_id,
  shot_from: feed.shot_from,
  shot_to: feed.shot_to,
  licensable_only: feed.licensable_only,
});

/** What an audit row keeps of a feed: its name and filter (never a token or its hash). */
const audited = (feed: MrssFeedRow) => ({ name: feed.name, language: feed.language, ...storedFilter(feed) });

/**
 * Media RSS feeds for partners (issue 20), for admins: feeds with a filter, and one secret URL per
 * partner, shown once. Every change writes its audit row in its own transaction. The public feed is
 * `mrss-document.service.ts`'s.
 */
export function mrssFeedsService(deps: { db: Executor; now: () => Date; publicUrl: string }) {
  const feeds = mrssFeedsRepository(deps.db);

  /** A new token for the partner: the row keeps its hash, the answer carries the URL (this once). */
  const issue = () => {
    const token = newFeedToken();
    return { hash: hashFeedToken(token), url: feedUrl(deps.publicUrl, token) };
  };

  /** Feeds newest first with their partners and how many videos each lists now. */
  const withPartners = async (page: { limit: number; afterId: string | null; only?: string }) => {
    const rows = await feeds.list(page);
    const tokens = await feeds.tokensOf(rows.map((row) => row.id));
    return Promise.all(
      rows.map(async (row) => ({
        ...row,
        tokens: tokens.filter((token) => token.feed_id === row.id),
        matching: await feeds.count(feedVideoQuery(row)),
      })),
    );
  };

  /** The feed as the list shows it, after a change. */
  const presented = async (feedId: string): Promise<MrssFeed> => {
    const [feed] = await withPartners({ limit: 1, afterId: null, only: feedId });
    return presentMrssFeed(feed!);
  };

  const issuedAnswer = (issued: { token: MrssTokenRow; url: string }): MrssIssuedToken => ({
    token: presentMrssToken(issued.token),
    url: issued.url,
  });

  return {
    /** A page of the feeds, newest first, as the admin screen lists them. */
    async list(query: { limit: number; cursor?: string | undefined }): Promise<MrssFeedList> {
      const rows = await withPartners({ limit: query.limit, afterId: cursorAfter(query.cursor) });
      return pageOf(rows, query.limit, presentMrssFeed);
    },

    /** How many videos a filter would list, and the newest five. */
    async preview(filter: MrssFilter) {
      const query = feedVideoQuery({
        keywords: uniqueKeywords(filter.keywords),
        category_id: filter.categoryId,
        shot_from: filter.shotFrom,
        shot_to: filter.shotTo,
        licensable_only: filter.licensableOnly,
      });
      const [matching, newest] = await Promise.all([
        feeds.count(query),
        feeds.videos(query, { limit: 5, afterId: null }),
      ]);
      return { matching, newest: newest.slice(0, 5).map((video) => ({ id: video.id, title: video.title })) };
    },

    async create(actorId: string, details: MrssFeedDetails & { partnerName: string }) {
      const issued = issue();
      const { feed, token } = await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        const audit = auditLogRepository(trx);
        const feed = await repo.insert(valuesOf(details), actorId);
        await audit.record({
          actorId,
          action: 'mrss.create',
          subjectType: 'mrss_feed',
          subjectId: feed.id,
          after: audited(feed),
        });
        const token = await repo.insertToken(feed.id, details.partnerName, issued.hash);
        await audit.record({
          actorId,
          action: 'mrss.token.create',
          subjectType: 'mrss_feed',
          subjectId: feed.id,
          after: { tokenId: token.id, partnerName: token.partner_name },
        });
        return { feed, token };
      });
      return { feed, token, url: issued.url };
    },

    /** `create`, answered as the admin screen shows it: the feed, and its partner's URL this once. */
    async createPresented(
      actorId: string,
      details: MrssFeedDetails & { partnerName: string },
    ): Promise<MrssFeedCreated> {
      const { feed, ...issued } = await this.create(actorId, details);
      return { feed: await presented(feed.id), issued: issuedAnswer(issued) };
    },

    async update(actorId: string, feedId: string, details: MrssFeedDetails): Promise<MrssFeed> {
      await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        const before = await repo.lockById(feedId);
        if (!before) throw notFound();
        const after = await repo.update(feedId, valuesOf(details), deps.now());
        await auditLogRepository(trx).record({
          actorId,
          action: 'mrss.update',
          subjectType: 'mrss_feed',
          subjectId: feedId,
          before: audited(before),
          after: audited(after),
        });
      });
      return presented(feedId);
    },

    /** The feed and its partners' URLs go; the audit row keeps what it was. */
    async remove(actorId: string, feedId: string): Promise<void> {
      await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        const before = await repo.lockById(feedId);
        if (!before) throw notFound();
        const partners = await repo.tokensOf([feedId]);
        await repo.delete(feedId);
        await auditLogRepository(trx).record({
          actorId,
          action: 'mrss.delete',
          subjectType: 'mrss_feed',
          subjectId: feedId,
          before: { ...audited(before), partners: partners.map((token) => token.partner_name) },
        });
      });
    },

    async addToken(actorId: string, feedId: string, partnerName: string): Promise<MrssIssuedToken> {
      const issued = issue();
      const token = await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        if (!(await repo.lockById(feedId))) throw notFound();
        const token = await repo.insertToken(feedId, partnerName, issued.hash);
        await auditLogRepository(trx).record({
          actorId,
          action: 'mrss.token.create',
          subjectType: 'mrss_feed',
          subjectId: feedId,
          after: { tokenId: token.id, partnerName },
        });
        return token;
      });
      return issuedAnswer({ token, url: issued.url });
    },

    /** The partner's URL stops working at once (404, like an unknown one). Revoking twice changes nothing. */
    async revokeToken(actorId: string, feedId: string, tokenId: string): Promise<MrssToken> {
      const token = await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        if (!(await repo.lockById(feedId))) throw notFound();
        const before = await repo.findToken(feedId, tokenId);
        if (!before) throw notFound();
        if (before.revoked_at) return before;
        const token = await repo.revokeToken(tokenId, deps.now());
        await auditLogRepository(trx).record({
          actorId,
          action: 'mrss.token.revoke',
          subjectType: 'mrss_feed',
          subjectId: feedId,
          after: { tokenId, partnerName: token.partner_name },
        });
        return token;
      });
      return presentMrssToken(token);
    },

    /** A new URL for the partner: the old one stops working; a revoked partner gets a working one again. */
    async regenerateToken(actorId: string, feedId: string, tokenId: string): Promise<MrssIssuedToken> {
      const issued = issue();
      const token = await inTransaction(deps.db, async (trx) => {
        const repo = mrssFeedsRepository(trx);
        if (!(await repo.lockById(feedId))) throw notFound();
        const before = await repo.findToken(feedId, tokenId);
        if (!before) throw notFound();
        const token = await repo.reissueToken(tokenId, issued.hash, deps.now());
        await auditLogRepository(trx).record({
          actorId,
          action: 'mrss.token.regenerate',
          subjectType: 'mrss_feed',
          subjectId: feedId,
          before: { tokenId, partnerName: before.partner_name, revoked: before.revoked_at !== null },
          after: { tokenId, partnerName: token.partner_name },
        });
        return token;
      });
      return issuedAnswer({ token, url: issued.url });
    },
  };
}
