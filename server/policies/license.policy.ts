import type { LicenseRequestAbilities } from '../../common/contracts/licenses';
import { hasRight } from '../../common/permissions';
import { isLicensableStatus, normalizeVideoStatus } from '../../common/video-status';
import { AppError, notFound } from '../errors';
import { assertSignedIn, type CallerFacts } from './caller';

type Viewer = Pick<CallerFacts, 'id' | 'rights'> | null | undefined;

/** What the rules need to know of a license request. */
export interface LicenseRequestSubject {
  buyerId: string;
  /** The owner of the licensed video. */
  creatorId: string;
  status: string;
  /** A completed sale still inside the refund window (the service knows the window and the clock). */
  refundable?: boolean;
}

/** License managers: admins and holders of `manage_licenses` (DESIGN "Rights"). */
export function isLicenseManager(caller: Pick<CallerFacts, 'rights'> | null | undefined): boolean {
  return hasRight(caller, 'manage_licenses');
}

/**
 * A license manager acts on a request at arm's length only: never on one they buy, nor on a license of
 * their own video (they could price it at a cent, pay, download and refund themselves).
 */
export function mayManageLicenseRequest(
  caller: Pick<CallerFacts, 'id' | 'rights'> | null | undefined,
  request: Pick<LicenseRequestSubject, 'buyerId' | 'creatorId'>,
): boolean {
  return isLicenseManager(caller) && caller?.id !== request.buyerId && caller?.id !== request.creatorId;
}

/** 403 NOT_AUTHORIZED for a non-manager, 403 OWN_LICENSE_REQUEST for a manager who is a party to it. */
export function assertMayManageLicenseRequest(
  caller: Pick<CallerFacts, 'id' | 'rights'>,
  request: Pick<LicenseRequestSubject, 'buyerId' | 'creatorId'>,
): void {
  if (!isLicenseManager(caller)) throw new AppError('NOT_AUTHORIZED', 403);
  if (!mayManageLicenseRequest(caller, request)) throw new AppError('OWN_LICENSE_REQUEST', 403);
}

/** A video that may be licensed: publicly listed (privacy public) and licensable. */
export function isLicensable(video: { status: string; privacy?: string | null }): boolean {
  return isLicensableStatus(normalizeVideoStatus(video.status)) && (video.privacy ?? 'public') === 'public';
}

/**
 * Whether the "License this video" button shows: to everyone but the owner on a licensable video. A
 * visitor is sent to sign in and an unverified member to the verification, as the server answers them.
 */
export function mayOfferLicense(
  viewer: Viewer,
  video: { userId: string; status: string; privacy?: string | null },
) {
  return viewer?.id !== video.userId && isLicensable(video);
}

/** The buyer and license managers see a request; to anyone else it does not exist. */
export function canViewLicenseRequest(
  viewer: Viewer,
  request: Pick<LicenseRequestSubject, 'buyerId'>,
): boolean {
  return !!viewer && (viewer.id === request.buyerId || isLicenseManager(viewer));
}

/** 401 for a visitor, 404 for anyone who may not see the request. */
export function assertCanViewLicenseRequest<T extends Pick<CallerFacts, 'id' | 'rights'>>(
  viewer: T | null | undefined,
  request: LicenseRequestSubject,
): asserts viewer is T {
  assertSignedIn(viewer);
  if (!canViewLicenseRequest(viewer, request)) throw notFound();
}

/** Before payment a request can still be cancelled (SPEC 4.2: "cannot be changed but can be cancelled"). */
// A checkout the buyer left is no trap: while nothing is paid, it is cancelled (its session closed at the
// provider first) or paid again.
export const CANCELLABLE_STATUSES = ['open', 'awaiting_payment', 'processing_payment'] as const;
/** A manager prices an open request, or prices again one that waits for payment. */
export const QUOTABLE_STATUSES = ['open', 'awaiting_payment'] as const;

const isBuyer = (viewer: Viewer, request: LicenseRequestSubject) => !!viewer && viewer.id === request.buyerId;
const among = (statuses: readonly string[], status: string) => statuses.includes(status);

/**
 * What the caller may do with a request they can see. The buyer cancels before payment; a manager
 * cancels too, with a reason. Only a manager quotes. A manager who is the buyer or the video's owner
 * acts as that party only (`mayManageLicenseRequest`). Only the buyer pays, once priced. Both write
 * messages until the request is cancelled (a completed license can still have questions). Only a
 * manager refunds, a completed sale within the refund window.
 */
export function licenseRequestAbilities(
  viewer: Viewer,
  request: LicenseRequestSubject,
): LicenseRequestAbilities {
  if (!canViewLicenseRequest(viewer, request)) {
    return {
      cancel: false,
      quote: false,
      pay: false,
      message: false,
      cancelNeedsReason: false,
      refund: false,
    };
  }
  const buyer = isBuyer(viewer, request);
  const manager = mayManageLicenseRequest(viewer, request);
  return {
    cancel: among(CANCELLABLE_STATUSES, request.status) && (buyer || manager),
    quote: manager && among(QUOTABLE_STATUSES, request.status),
    pay: buyer && (request.status === 'awaiting_payment' || request.status === 'processing_payment'),
    message: request.status !== 'cancelled',
    cancelNeedsReason: !buyer,
    refund: manager && request.status === 'completed' && request.refundable === true,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a completed sale may be refunded: the refund window (an app setting, whole days)
 * counted from the payment's completion.
 */
export function refundDeadline(completedAt: Date, windowDays: number): Date {
  return new Date(completedAt.getTime() + windowDays * DAY_MS);
}

/**
 * Until when a completed sale may be refunded (by the window the request was made under), and whether
 * that is still ahead at `now`; null for a request that is not a completed sale.
 */
export function refundWindow(
  request: { status: string; completed_at: Date | null; refund_window_days: number },
  now: Date,
): { until: Date; open: boolean } | null {
  if (request.status !== 'completed' || !request.completed_at) return null;
  const until = refundDeadline(request.completed_at, request.refund_window_days);
  return { until, open: now <= until };
}

/** A refused move of a request's status: it is no longer in a state that allows it. */
export const statusChangeRefused = () => new AppError('STATUS_CHANGE_NOT_ALLOWED', 409);
