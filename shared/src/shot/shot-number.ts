/**
 * The highest shot number a message or a shot's link may name. A match's number grows by one with each shot,
 * lag and draw, so no match comes near it; a larger one is refused as malformed. A module of its own, with no
 * imports: the protocol's schemas read it, and the client's first download must not carry the match with it.
 */
export const MAX_SHOT_NUMBER = 100_000;
