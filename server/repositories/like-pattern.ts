/** Escapes LIKE's wildcards, so a typed `%` or `_` matches itself. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for text that contains `text`. */
export const likeContaining = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern for text that starts with `text`. */
export const likeStartingWith = (text: string) => `${escapeLike(text)}%`;
