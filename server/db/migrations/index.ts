import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as verification from './0002-verification';
import * as billing from './0003-billing';
import * as uploads from './0004-uploads';
import * as videoPages from './0005-video-pages';
import * as search from './0006-search';
import * as moderation from './0007-moderation';
import * as tv from './0008-tv';
import * as publicKeywordSummary from './0009-public-keyword-summary';
import * as rateLimitHits from './0010-rate-limit-hits';
import * as releaseRefusedFiles from './0011-release-refused-files';
import * as licensing from './0012-licensing';
import * as previews from './0013-previews';
import * as mailOutbox from './0014-mail-outbox';
import * as approvedToReady from './0015-approved-to-ready';
import * as authRateLimits from './0016-auth-rate-limits';
import * as moneyAndAudit from './0017-money-and-audit';
import * as userDisabled from './0020-user-disabled';
import * as backOfficeSettings from './0021-back-office-settings';
import * as mrssFeeds from './0022-mrss-feeds';
import * as youtubeUploadSessions from './0024-youtube-upload-sessions';
import * as licenseRefunds from './0025-license-refunds';
import * as refundWindowPerRequest from './0026-refund-window-per-request';
import * as checkoutExpiry from './0027-checkout-expiry';
import * as publicChanges from './0028-public-changes';
import * as signInFailures from './0029-sign-in-failures';
import * as uploadLocks from './0030-upload-locks';
import * as thumbnailVariants from './0031-thumbnail-variants';
import * as captureMetadata from './0032-capture-metadata';
import * as nearDuplicates from './0033-near-duplicates';
import * as frameKeysVacuum from './0034-frame-keys-vacuum';
import * as searchFilters from './0035-search-filters';
import * as standingRequests from './0036-standing-requests';
import * as collections from './0037-collections';
import * as standingRequestLookups from './0038-standing-request-lookups';
import * as licenseBundles from './0039-license-bundles';
import * as standingRequestAnchorKeyword from './0040-standing-request-anchor-keyword';
import * as declineReasons from './0041-decline-reasons';
import * as videoViews from './0042-video-views';
import * as videoCounters from './0043-video-counters';
import * as monthlyStatements from './0044-monthly-statements';
import * as monthlyStatementRuns from './0045-monthly-statement-runs';
import * as fingerprintHashVersion from './0046-fingerprint-hash-version';

/**
 * Every migration, in order. Add new ones at the end; never edit one that has shipped. Each is frozen:
 * it imports no application code (it keeps a copy of any rule it applies) and is typed against
 * `Kysely<any>`, not the live schema, so later changes to either never change what replaying it does.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-verification': verification,
  '0003-billing': billing,
  '0004-uploads': uploads,
  '0005-video-pages': videoPages,
  '0006-search': search,
  '0007-moderation': moderation,
  '0008-tv': tv,
  '0009-public-keyword-summary': publicKeywordSummary,
  '0010-rate-limit-hits': rateLimitHits,
  '0011-release-refused-files': releaseRefusedFiles,
  '0012-licensing': licensing,
  '0013-previews': previews,
  '0014-mail-outbox': mailOutbox,
  '0015-approved-to-ready': approvedToReady,
  '0016-auth-rate-limits': authRateLimits,
  '0017-money-and-audit': moneyAndAudit,
  '0020-user-disabled': userDisabled,
  '0021-back-office-settings': backOfficeSettings,
  '0022-mrss-feeds': mrssFeeds,
  '0024-youtube-upload-sessions': youtubeUploadSessions,
  '0025-license-refunds': licenseRefunds,
  '0026-refund-window-per-request': refundWindowPerRequest,
  '0027-checkout-expiry': checkoutExpiry,
  '0028-public-changes': publicChanges,
  '0029-sign-in-failures': signInFailures,
  '0030-upload-locks': uploadLocks,
  '0031-thumbnail-variants': thumbnailVariants,
  '0032-capture-metadata': captureMetadata,
  '0033-near-duplicates': nearDuplicates,
  '0034-frame-keys-vacuum': frameKeysVacuum,
  '0035-search-filters': searchFilters,
  '0036-standing-requests': standingRequests,
  '0037-collections': collections,
  '0038-standing-request-lookups': standingRequestLookups,
  '0039-license-bundles': licenseBundles,
  '0040-standing-request-anchor-keyword': standingRequestAnchorKeyword,
  '0041-decline-reasons': declineReasons,
  '0042-video-views': videoViews,
  '0043-video-counters': videoCounters,
  '0044-monthly-statements': monthlyStatements,
  '0045-monthly-statement-runs': monthlyStatementRuns,
  '0046-fingerprint-hash-version': fingerprintHashVersion,
};
