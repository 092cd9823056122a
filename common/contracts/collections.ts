import { z } from 'zod';
import { LIMITS } from '../constants';
import { videoCard } from './videos';

const name = z.string().trim().min(1, { error: 'collections.errors.nameRequired' }).max(100);

/** `POST /api/me/collections` and its rename. */
export const collectionInput = z.object({ name });
export type CollectionInput = z.infer<typeof collectionInput>;

/** A clip put in a collection, or its note changed. */
export const collectionItemInput = z.object({
  note: z.string().trim().max(1000, { error: 'collections.errors.noteTooLong' }).optional(),
});

/** The clips of a collection in their new order: every one of them, each once. */
export const collectionOrder = z.object({
  videoIds: z.array(z.string().max(64)).max(LIMITS.collectionItemsMax),
});

export const collectionSummary = z.object({
  id: z.string(),
  name: z.string(),
  itemCount: z.number().int(),
  /** The first clip's thumbnail, as a cover. */
  coverUrl: z.string().nullable(),
  shared: z.boolean(),
  /** Whether the video asked about (`?videoId=`) is in it: the "add to collection" menu's ticks. */
  hasVideo: z.boolean(),
  createdAt: z.string(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;
export const collectionList = z.object({ items: z.array(collectionSummary) });
export type CollectionList = z.infer<typeof collectionList>;
export const collectionListQuery = z.object({ videoId: z.string().max(64).optional() });

export const collectionItem = z.object({ video: videoCard, note: z.string(), addedAt: z.string() });
export type CollectionItem = z.infer<typeof collectionItem>;

/** A collection as its owner sees it: the clips they may still see, in their order, and the share link. */
export const collection = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret of the read-only link (`/collections/shared/{token}`), null when not shared. */
  shareToken: z.string().nullable(),
  items: z.array(collectionItem),
  createdAt: z.string(),
});
export type Collection = z.infer<typeof collection>;

/** A shared collection as a colleague with the link sees it: the name, public clips and notes only. */
export const sharedCollection = z.object({ name: z.string(), items: z.array(collectionItem) });
export type SharedCollection = z.infer<typeof sharedCollection>;

export const shareLink = z.object({ shareToken: z.string() });
