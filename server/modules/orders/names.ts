/** A person's name as order answers show it: none without a first name. */
export const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();
