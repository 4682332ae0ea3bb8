import { z } from "zod";
import { CHAT_MAX_LENGTH, cleanChatText, NAME_MAX_LENGTH, nameProblem } from "./visible-text.ts";

/** A player's display name, NFC-normalised and trimmed; each way to break the rules has its own message. */
export const PlayerName = z
  .string()
  .max(200, `name must be at most ${NAME_MAX_LENGTH} characters`)
  .superRefine((name, context) => {
    const problem = nameProblem(name);
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((name) => name.normalize("NFC").trim());

/** A chat line, cleared of what would hide or reorder text; 1–200 characters once cleared. */
export const ChatText = z
  .string()
  .max(CHAT_MAX_LENGTH * 4, `at most ${CHAT_MAX_LENGTH} characters`)
  .transform(cleanChatText)
  .pipe(z.string().min(1, "empty message").max(CHAT_MAX_LENGTH, `at most ${CHAT_MAX_LENGTH} characters`));
