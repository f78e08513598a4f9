/**
 * A well-formed UUID, any version: row ids are UUIDs, and a malformed one is answered as a missing row before it
 * reaches PostgreSQL (whose `uuid` type would refuse it with an error).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
