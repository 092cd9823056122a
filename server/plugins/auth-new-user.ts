import { isAllowedHttpsUrl } from '../adapters/http/host-allow-list';
import { pictureHostsOf, type SocialConfig } from '../config';

/** The parts of better-auth's endpoint context that tell which endpoint is creating a user. */
export interface CreatingEndpoint {
  /** The endpoint's route: '/sign-up/email', '/callback/:id', '/oauth2/callback/:providerId' ... */
  path?: string;
  params?: unknown;
  body?: unknown;
}

const OAUTH_CALLBACK = /^\/(?:oauth2\/)?callback\/:(?:id|providerId)$/;

/**
 * The social provider through which a user is being created: an OAuth callback (/callback/<provider>,
 * the generic OpenID Connect one included) or a sign-in with a provider's id token (/sign-in/social);
 * null for a password sign-up, or when no endpoint is known.
 */
export function creatingProvider(endpoint: CreatingEndpoint | null | undefined): string | null {
  const path = endpoint?.path ?? '';
  let provider: unknown = null;
  if (OAUTH_CALLBACK.test(path)) {
    const params = endpoint?.params as { id?: unknown; providerId?: unknown } | undefined;
    provider = params?.id ?? params?.providerId;
  } else if (path === '/sign-in/social') {
    provider = (endpoint?.body as { provider?: unknown } | undefined)?.provider;
  }
  return typeof provider === 'string' && provider !== '' ? provider : null;
}

/**
 * The name and picture a new user row may carry. A password sign-up's are nobody's to choose: the form
 * sends an empty name (the display name is the username chosen in the profile step, SPEC 2.5) and has no
 * picture, so whatever a hand-made request puts there is dropped. A social sign-up keeps the provider's
 * picture only when it is https on that provider's picture hosts, the one kind the avatar import fetches.
 */
export function newUserFields(
  user: { name: string; image?: string | null },
  endpoint: CreatingEndpoint | null | undefined,
  social: SocialConfig,
): { name: string; image: string | null } {
  const provider = creatingProvider(endpoint);
  const name = endpoint?.path === '/sign-up/email' ? '' : user.name;
  if (!provider || !user.image) return { name, image: null };
  return { name, image: isAllowedHttpsUrl(user.image, pictureHostsOf(social, provider)) ? user.image : null };
}
