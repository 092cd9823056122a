import { z } from 'zod';

/** What the web app needs to know of the server's configuration. */
export const publicConfig = z.object({
  contactEmail: z.string(),
  messengerUrl: z.string().nullable(),
  /** The configured social logins, in button order. */
  socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The map: a Nominatim-compatible geocoder for address search and the tile URL template. */
  geocoderUrl: z.string(),
  mapTileUrl: z.string(),
  /** The largest video the server accepts, so the browser refuses a bigger one before sending a byte. */
  uploadMaxBytes: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
