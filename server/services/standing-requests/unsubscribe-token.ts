import crypto from 'node:crypto';

/**
 * The signature in a standing request's unsubscribe link: anyone holding the e-mail may pause that one
 * request, without signing in, and no other. Keyed by the app's secret under a label of its own, so it
 * can never stand for another of the app's signatures.
 */
export function unsubscribeToken(secret: string, requestId: string): string {
  const key = crypto.createHmac('sha256', secret).update('clipmarket: standing request unsubscribe').digest();
  return crypto.createHmac('sha256', key).update(requestId).digest('base64url');
}

export function isUnsubscribeToken(secret: string, requestId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, requestId));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
