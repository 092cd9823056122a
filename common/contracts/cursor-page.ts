import { z } from 'zod';

/** One page of a list and the cursor of the next (null on the last page). */
export const cursorPage = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
