/** A person's name as answers and documents show it: none without a first name. */
export const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** `s` with the characters LIKE reads as patterns (`%`, `_`, the escape `\`) taken literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that finds `term` anywhere in the text. */
export const likeContaining = (term: string) => `%${escapeLike(term)}%`;
