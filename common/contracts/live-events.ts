/**
 * What a signed-in user's open pages hear at once (GET /api/events, server-sent events named by `type`):
 * one definition for the server that publishes them (adapters/events/event-bus.ts) and the web app that
 * listens (web/lib/live-events.ts).
 */
export type LiveEvent =
  /** A video of the user's changed status (processing found it, or staff decided); `error`: not a video. */
  | { type: 'video-status'; videoId: string; title: string; status: string }
  /** Staff applied or rejected the user's edit suggestion. */
  | { type: 'edit-suggestion'; suggestionId: string; videoId: string; title: string; status: string }
  /** The payment of the user's license request (as buyer) settled: completed, or back to awaiting payment. */
  | { type: 'license-payment'; licenseRequestId: string; videoId: string; title: string; status: string }
  /** Someone licensed the user's video: their share is in the ledger. */
  | {
      type: 'license-sale';
      licenseRequestId: string;
      videoId: string;
      title: string;
      amountCents: number;
      currency: string;
    }
  /** A license request the user buys (`buyer`) or manages was created, quoted, cancelled or refunded. */
  | {
      type: 'license-request';
      licenseRequestId: string;
      status: string;
      buyer: boolean;
      change: 'created' | 'quoted' | 'cancelledByBuyer' | 'cancelledByManager' | 'refunded';
    }
  /** A new message in the conversation of a license request the user buys or manages. */
  | { type: 'license-message'; licenseRequestId: string }
  /** A video that just became licensable matches one of the user's standing requests. */
  | {
      type: 'standing-request-match';
      standingRequestId: string;
      name: string;
      videoId: string;
      title: string;
    };

export type LiveEventType = LiveEvent['type'];
/** The event of one type, for a listener of that type. */
export type LiveEventOf<Type extends LiveEventType> = Extract<LiveEvent, { type: Type }>;
