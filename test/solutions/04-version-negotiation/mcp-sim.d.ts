/**
 * A protocol revision is a date string such as "2025-11-25". Peers may also meet strings no
 * revision has: a typo, a future date, "latest". Treat every string you do not support as unknown.
 */
export type ProtocolVersion = string;

/** The versions a peer supports, in no particular order. */
export type SupportedVersions = readonly ProtocolVersion[];
