import { z } from 'zod';
import { MAP_DEFAULT_ZOOM } from '../constants';

/** A point on the map. */
export const coordinates = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof coordinates>;

/**
 * Where a video was shot (SPEC 3 "Location value"): the address as typed or chosen, the point the
 * geocoder found for it (`addressCoordinates`, with its bounding box `addressViewport` as
 * [south, west, north, east]), and the point the marker was finally dragged to (`coordinates`).
 * An address without coordinates is valid: it is what a person types while the geocoder is unreachable.
 */
export const videoLocation = z.object({
  address: z.string().trim().max(300, { error: 'videos.errors.addressTooLong' }),
  coordinates: coordinates.nullable(),
  addressCoordinates: coordinates.nullable().optional(),
  addressViewport: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable().optional(),
  zoom: z.number().int().min(1).max(19).default(MAP_DEFAULT_ZOOM),
});
export type VideoLocation = z.infer<typeof videoLocation>;
