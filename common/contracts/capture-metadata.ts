import { z } from 'zod';

/**
 * What an original file says of its own filming (issue 33, "From the file"): read from its container's
 * tags by the processing job, never typed by anyone. Every field is null when the file does not say.
 */
export const captureMetadata = z.object({
  /** When it was filmed, as an instant (ISO 8601, UTC). */
  capturedAt: z.string().nullable(),
  /** The filming place's offset from UTC as the file wrote it ('+02:00'), when it did. */
  capturedOffset: z.string().nullable(),
  location: z.object({ lat: z.number(), lng: z.number(), altitudeMetres: z.number().nullable() }).nullable(),
  /** The camera or phone, maker and model ('Apple iPhone 15 Pro'). */
  device: z.string().nullable(),
  /** The device's software as the file names it ('17.1', 'Android 14'). */
  software: z.string().nullable(),
  /** The encoder tag as written ('Lavf58.76.100'): cameras rarely write one, editors and converters do. */
  encoder: z.string().nullable(),
  /** The editing or converting software the encoder tag names, when it names one we know. */
  editedWith: z.string().nullable(),
});
export type CaptureMetadata = z.infer<typeof captureMetadata>;
