import type { PublicConfig } from '../../../common/contracts/config';
import type { AppConfig } from '../../config';

/** What the web app needs to know of the server's configuration (never a secret). */
export function publicConfigService(config: AppConfig) {
  return {
    view(): PublicConfig {
      return {
        contactEmail: config.contact.email,
        messengerUrl: config.contact.messengerUrl ?? null,
        socialProviders: [
          ...(config.social.google ? [{ id: 'google', name: 'Google' }] : []),
          ...(config.social.facebook ? [{ id: 'facebook', name: 'Facebook' }] : []),
          ...(config.social.oidc ? [{ id: 'oidc', name: config.social.oidc.name }] : []),
        ],
        geocoderUrl: config.maps.geocoderUrl,
        mapTileUrl: config.maps.tileUrl,
        uploadMaxBytes: config.uploadMaxBytes,
      };
    },
  };
}
