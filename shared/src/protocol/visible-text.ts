/**
 * Text that one person types and everyone at the table reads: player names and chat lines, checked here
 * without zod so that the client can check a name as it is typed (text-schemas.ts has the schemas). Both are
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

/** What is wrong with a name as typed (before NFC and trimming), or null when it is a good one. */
export function nameProblem(typed: string): string | null {
  const name = typed.normalize("NFC").trim();
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
