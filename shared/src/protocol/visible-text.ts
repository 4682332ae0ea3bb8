import { z } from "zod";

/**
 * Text that one person types and everyone at the table reads: player names and chat lines. Both are
 * normalised to NFC (so "é" typed as e + U+0301 and as U+00E9 are the same name) and cleared of the
 * characters that let a stranger hide or disguise text: bidirectional controls (which reverse what follows
 * them), zero-width characters, and the Hangul and Braille fillers that render as nothing but count as
 * letters to Unicode.
 */

/** U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069: they reorder the text that follows. */
const BIDI_CONTROLS = "\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069";
/** Zero-width space, non-joiner, joiner, word joiner, the BOM, and the invisible operators. */
const ZERO_WIDTH = "\\u200B-\\u200D\\u2060-\\u2064\\uFEFF\\u180E";
/** Letters by category that show as blank: Hangul fillers, the Braille blank, Khmer inherent vowels. */
const INVISIBLE_FILLERS = "\\u115F\\u1160\\u3164\\uFFA0\\u2800\\u17B4\\u17B5";

const hasAny = (characters: string) => new RegExp(`[${characters}]`, "u");
const everyOf = (characters: string) => new RegExp(`[${characters}]`, "gu");
const HAS_BIDI_CONTROL = hasAny(BIDI_CONTROLS);
const HAS_ZERO_WIDTH = hasAny(ZERO_WIDTH);
const HAS_INVISIBLE_FILLER = hasAny(INVISIBLE_FILLERS);
/** Everything a chat line loses: the three sets above. */
const HIDDEN_CHARACTERS = everyOf(BIDI_CONTROLS + ZERO_WIDTH + INVISIBLE_FILLERS);

/** Letters of any script with their combining marks, digits, spaces and . _ - ' */
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} ._\-']+$/u;
/** At least one letter or digit that is not a blank filler. */
const VISIBLE_LETTER = /[\p{L}\p{N}]/u;

export const NAME_MAX_LENGTH = 24;

/** A player's display name, NFC-normalised and trimmed; each way to break the rules has its own message. */
export const PlayerName = z
  .string()
  .max(200, `name must be at most ${NAME_MAX_LENGTH} characters`)
  .transform((name) => name.normalize("NFC").trim())
  .superRefine((name, context) => {
    const problem = nameProblem(name);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

function nameProblem(name: string): string | null {
  if (name.length === 0) return "enter a name";
  if ([...name].length > NAME_MAX_LENGTH) return `name must be at most ${NAME_MAX_LENGTH} characters`;
  if (HAS_BIDI_CONTROL.test(name)) return "name must not contain direction controls";
  if (HAS_ZERO_WIDTH.test(name)) return "name must not contain zero-width characters";
  if (HAS_INVISIBLE_FILLER.test(name)) return "name must not contain invisible characters";
  if (!NAME_CHARACTERS.test(name)) return "name may contain letters, digits, spaces and . _ - ' only";
  if (!VISIBLE_LETTER.test(name)) return "name needs a visible letter or digit";
  return null;
}

export const CHAT_MAX_LENGTH = 200;

/** Removes what would let a chat line hide or reorder text; keeps everything a reader can see. */
export function cleanChatText(text: string): string {
  return text.normalize("NFC").replace(HIDDEN_CHARACTERS, "").trim();
}

export const ChatText = z
  .string()
  .max(CHAT_MAX_LENGTH * 4, `at most ${CHAT_MAX_LENGTH} characters`)
  .transform(cleanChatText)
  .pipe(z.string().min(1, "empty message").max(CHAT_MAX_LENGTH, `at most ${CHAT_MAX_LENGTH} characters`));
