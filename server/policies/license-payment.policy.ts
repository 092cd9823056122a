import { isLicenseManager } from './license.policy';
import { isVideoStaff } from './staff.policy';

/**
 * Who may pay for a license and who may receive its original and certificate (SPEC 4.2, 6; DESIGN
 * "Previews and originals"). Pure rules over the caller's rights and the request's facts.
 */
type Rights = { id: string; rights: string[] };
interface RequestFacts {
  buyerId: string;
  status: string;
}

/** Statuses a buyer may (again) go to checkout from: a checkout left unpaid can be started anew. */
export const PAYABLE_STATUSES = ['awaiting_payment', 'processing_payment'] as const;

/** Only the buyer sees and pays their request's checkout; to anyone else it does not exist. */
export function isBuyer(caller: Pick<Rights, 'id'> | null | undefined, request: RequestFacts): boolean {
  return !!caller && caller.id === request.buyerId;
}

export function canPay(caller: Pick<Rights, 'id'> | null | undefined, request: RequestFacts): boolean {
  return isBuyer(caller, request) && (PAYABLE_STATUSES as readonly string[]).includes(request.status);
}

/**
 * One checkout pays every clip of a request for several that is not cancelled: only when each of them
 * may be paid and is priced (a clip waiting for a quote holds the others back), and there is one.
 */
export function canPayBundle(
  caller: Pick<Rights, 'id'> | null | undefined,
  clips: ReadonlyArray<RequestFacts & { priceCents: number | null }>,
): boolean {
  const live = clips.filter((clip) => clip.status !== 'cancelled');
  return live.length > 0 && live.every((clip) => canPay(caller, clip) && clip.priceCents !== null);
}

/**
 * The original file: whoever may have the certificate (the buyer of a completed license, license
 * managers), and video staff, who see every original in review anyway. Everyone else gets "not found".
 */
export function canReceiveOriginal(caller: Rights | null | undefined, request: RequestFacts): boolean {
  return canReceiveCertificate(caller, request) || (!!caller && isVideoStaff(caller));
}

/**
 * The certificate names the buyer (billing name, address, e-mail, phone), so it follows the request's
 * own visibility: its buyer once completed, and license managers. Video staff, who may fetch originals,
 * do not see other people's billing data.
 */
export function canReceiveCertificate(caller: Rights | null | undefined, request: RequestFacts): boolean {
  if (!caller) return false;
  if (isLicenseManager(caller)) return true;
  return caller.id === request.buyerId && request.status === 'completed';
}
