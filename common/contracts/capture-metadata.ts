import { z } from 'zod';
import { COPY_CHECK_RESULTS } from './copy-review';

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

/**
 * The "From the file" card (issue 33): what the original says of its filming beside what its creator
 * typed, and the facts of the file itself, for staff, license managers and the video's license holders.
 */
export const videoProvenance = z.object({
  /** Null while the file has not been read (not processed yet, or processed before files were read). */
  capture: captureMetadata.nullable(),
  /** The original's SHA-256 (hex), its size and when it was uploaded. */
  sha256: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  uploadedAt: z.string(),
  /** What the creator typed: the shooting date (YYYY-MM-DD) and time, the place's point and address. */
  typed: z.object({
    date: z.string().nullable(),
    time: z.string().nullable(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    address: z.string().nullable(),
  }),
  /** What the check of the frames against the library's found (never which video: that is staff's). */
  copyCheck: z.enum(COPY_CHECK_RESULTS),
  /** How far the file and the creator disagree, where both say something (common/provenance.ts). */
  differences: z.object({
    days: z.number().int().nullable(),
    kilometres: z.number().nullable(),
    dateDiffers: z.boolean(),
    placeDiffers: z.boolean(),
  }),
});
export type VideoProvenance = z.infer<typeof videoProvenance>;
