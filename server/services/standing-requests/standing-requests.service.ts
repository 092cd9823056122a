import type { SearchCriteria } from '../../../common/contracts/search';
import {
  type DemandPage,
  type SavedSearch,
  STANDING_REQUESTS_MAX,
  type StandingRequest,
  type StandingRequestList,
  type StandingRequestMatches,
  type Unsubscribed,
} from '../../../common/contracts/standing-requests';
import { normalizeKeyword, searchWords } from '../../../common/keywords';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import { listablePrivacy, listableStatuses } from '../../policies/video.policy';
import { appSettingsRepository } from '../../repositories/app-settings.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { boundingBox } from '../../repositories/geo-sql';
import { keywordSummaryRepository } from '../../repositories/keyword-summary.repository';
import { licenseTypesRepository } from '../../repositories/license-types.repository';
import {
  type StandingRequestRow,
  type StandingRequestValues,
  standingRequestsRepository,
} from '../../repositories/standing-requests.repository';
import { lexemeShares, wordsQueryText } from '../../repositories/video-search.repository';
import type { MailOutbox } from '../mail/mail-outbox';
import { noticeChannelsIn } from '../mail/notice-channels';
import { cursorAfter, pageOf } from '../paging';
import { presentVideoCard } from '../videos/video-presenter';
import { anchorKeyword, anchorLexemes, quotedLexemes } from './request-anchors';
import { standingRequestNotifier } from './standing-request-notifier';
import { isUnsubscribeToken } from './unsubscribe-token';

/** What a standing request keeps of a search, as matching reads it (search's own normal forms). */
async function searchValues(db: Executor, search: SearchCriteria, placeName = '') {
  const words = searchWords(`${search.keywords.join(' ')} ${search.q}`);
  const query = words.length > 0 ? await wordsQueryText(db, words) : null;
  const place =
    search.lat !== undefined && search.lng !== undefined && search.radiusKm !== undefined
      ? { lat: search.lat, lng: search.lng, radiusKm: search.radiusKm }
      : null;
  const box = place && boundingBox(place);
  const keywords = [...new Set(search.keywords.map(normalizeKeyword).filter(Boolean))];
  return {
    keywords: search.keywords,
    keywords_normalized: keywords,
    anchor_keyword: anchorKeyword(keywords, await keywordSummaryRepository(db).counts(keywords)),
    q: search.q.trim(),
    words_query: query,
    lexemes: anchorLexemes(query, await lexemeShares(db, quotedLexemes(query))),
    near_lat: place?.lat ?? null,
    near_lng: place?.lng ?? null,
    radius_km: place?.radiusKm ?? null,
    place_name: place ? placeName : '',
    area: box && `(${box.east},${box.north}),(${box.west},${box.south})`,
    shot_from: search.shotFrom ?? null,
    shot_to: search.shotTo ?? null,
  };
}

/** What a request looks for, as its owner and the demand board show it. */
function savedSearchOf(row: SearchRow): SavedSearch {
  return {
    keywords: row.keywords,
    q: row.q,
    near:
      row.near_lat !== null && row.near_lng !== null && row.radius_km !== null
        ? { lat: row.near_lat, lng: row.near_lng, radiusKm: row.radius_km, place: row.place_name }
        : null,
    shotFrom: row.shot_from,
    shotTo: row.shot_to,
  };
}

type SearchRow = Pick<
  StandingRequestRow,
  'keywords' | 'q' | 'near_lat' | 'near_lng' | 'radius_km' | 'place_name' | 'shot_from' | 'shot_to'
>;

const maxPriceOf = (row: Pick<StandingRequestRow, 'max_price_cents' | 'currency'>) =>
  row.max_price_cents !== null && row.currency
    ? { cents: row.max_price_cents, currency: row.currency }
    : null;

function present(row: StandingRequestRow): StandingRequest {
  return {
    id: row.id,
    name: row.name,
    frequency: row.frequency as StandingRequest['frequency'],
    paused: row.paused,
    search: savedSearchOf(row),
    licenseTypeId: row.license_type_id,
    maxPrice: maxPriceOf(row),
    matchCount: row.match_count,
    lastMatchedAt: row.last_matched_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A member's standing requests (issue 34): saved searches, each scoped to its owner (another member's is
 * not found). Matching a new video against them is `standing-request-notifier.ts`.
 */
export function standingRequestsService(deps: {
  db: Executor;
  storage: Storage;
  outbox: Pick<MailOutbox, 'within'>;
  publicUrl: string;
  secret: string;
  now: () => Date;
}) {
  const requests = standingRequestsRepository(deps.db);

  /** The license type and price cap as stored: an unknown or retired type is refused in words. */
  async function offer(
    db: Executor,
    input: { licenseTypeId?: string | null; maxPriceCents?: number | null },
  ) {
    const values: Partial<Pick<StandingRequestValues, 'license_type_id' | 'max_price_cents' | 'currency'>> =
      {};
    if (input.licenseTypeId !== undefined) {
      if (
        input.licenseTypeId !== null &&
        !(await licenseTypesRepository(db).findActive(input.licenseTypeId))
      ) {
        throw new AppError('VALIDATION_FAILED', 400, undefined, [
          { field: 'licenseTypeId', message: 'standingRequests.errors.unknownLicenseType' },
        ]);
      }
      values.license_type_id = input.licenseTypeId;
    }
    if (input.maxPriceCents !== undefined) {
      values.max_price_cents = input.maxPriceCents;
      // The cap is in the platform's currency at the time it is set.
      values.currency =
        input.maxPriceCents === null ? null : (await appSettingsRepository(db).licensing()).currency;
    }
    return values;
  }

  async function mine(userId: string, id: string): Promise<StandingRequest> {
    const row = await requests.find(userId, id);
    if (!row) throw notFound();
    return present(row);
  }

  return {
    list: async (userId: string): Promise<StandingRequestList> => ({
      items: (await requests.list(userId)).map(present),
    }),

    async create(
      userId: string,
      input: {
        name: string;
        frequency: StandingRequest['frequency'];
        search: SearchCriteria;
        placeName: string;
        licenseTypeId: string | null;
        maxPriceCents: number | null;
      },
    ): Promise<StandingRequest> {
      const id = await inTransaction(deps.db, async (trx) => {
        const own = standingRequestsRepository(trx);
        if ((await own.countLocked(userId)) >= STANDING_REQUESTS_MAX) {
          throw new AppError('STANDING_REQUESTS_LIMIT', 409, { max: STANDING_REQUESTS_MAX });
        }
        const values = {
          name: input.name,
          frequency: input.frequency,
          ...(await searchValues(trx, input.search, input.placeName)),
          license_type_id: null,
          max_price_cents: null,
          currency: null,
          ...(await offer(trx, input)),
        };
        return own.create(userId, values, deps.now());
      });
      return mine(userId, id);
    },

    async update(
      userId: string,
      id: string,
      change: {
        name?: string;
        frequency?: StandingRequest['frequency'];
        paused?: boolean;
        search?: SearchCriteria;
        placeName?: string;
        licenseTypeId?: string | null;
        maxPriceCents?: number | null;
      },
    ): Promise<StandingRequest> {
      const { name, frequency, paused } = change;
      const values = {
        ...(name !== undefined && { name }),
        ...(frequency !== undefined && { frequency }),
        ...(paused !== undefined && { paused }),
        ...(change.search && (await searchValues(deps.db, change.search, change.placeName))),
        ...(!change.search && change.placeName !== undefined && { place_name: change.placeName }),
        ...(await offer(deps.db, change)),
      };
      if (!(await requests.update(userId, id, values, deps.now()))) throw notFound();
      return mine(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await requests.remove(userId, id))) throw notFound();
    },

    /** The videos it matched that the owner may see now (one declined since is gone), newest match first. */
    async matches(
      caller: CallerFacts,
      id: string,
      page: { limit: number; cursor?: string },
    ): Promise<StandingRequestMatches> {
      if (!(await requests.find(caller.id, id))) throw notFound();
      const statuses = listableStatuses(caller, {});
      const visibility = {
        statuses: statuses === 'none' ? [] : statuses,
        privacy: listablePrivacy(caller, {}),
      };
      const afterVideoId = cursorAfter(page.cursor) ?? undefined;
      const rows = await requests.matches(id, { limit: page.limit, afterVideoId }, visibility);
      const withReferrer = canSeeReferrer(caller);
      return pageOf(rows, page.limit, (row) => ({
        video: presentVideoCard(row, deps.storage, withReferrer),
        matchedAt: row.matched_at.toISOString(),
      }));
    },

    /**
     * Sends the e-mails that are due (periodic upkeep): matches folded while a request's last e-mail was
     * under an hour old, and daily digests. Each request's e-mail and its marks commit together.
     */
    mailDue: (): Promise<number> =>
      inTransaction(deps.db, (trx) =>
        standingRequestNotifier({ ...deps, ...noticeChannelsIn(trx, deps.outbox) }).mailDue(),
      ),

    /** The demand board: what buyers ask for, newest first, never who; which the caller's videos answered. */
    async demand(callerId: string, page: { limit: number; cursor?: string }): Promise<DemandPage> {
      const rows = await requests.demand(callerId, {
        limit: page.limit,
        afterId: cursorAfter(page.cursor) ?? undefined,
      });
      return pageOf(rows, page.limit, (row) => ({
        id: row.id,
        search: savedSearchOf(row),
        licenseTypeId: row.license_type_id,
        maxPrice: maxPriceOf(row),
        createdAt: row.created_at.toISOString(),
        answered: Boolean(row.answered),
      }));
    },

    /** The e-mail's one-click unsubscribe: pauses the request when the token is its signature. */
    async unsubscribe(id: string, token: string): Promise<Unsubscribed> {
      const request = await requests.findAny(id);
      if (!request || !isUnsubscribeToken(deps.secret, id, token)) throw notFound();
      await requests.pause(id, deps.now());
      return { name: request.name };
    },
  };
}
