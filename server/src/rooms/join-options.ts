import { z } from "zod";

/** A player's display name: 1–24 characters of letters, digits, spaces and a few marks, trimmed. */
export const PlayerName = z
  .string()
  .trim()
  .min(1, "name must not be empty")
  .max(24, "name must be at most 24 characters")
  .regex(/^[\p{L}\p{N} ._\-']+$/u, "name may contain letters, digits, spaces and . _ - ' only");

export const JoinOptions = z.object({ name: PlayerName });
export type JoinOptions = z.infer<typeof JoinOptions>;
