import type { MatchErrorCode } from "@habibka/shared/match";
import type { ErrorCode, ErrorMessage } from "@habibka/shared/protocol";

/** An error sent to one client as the `error` message (docs/PROTOCOL.md). */
export type ClientError = ErrorMessage;

/** What handling a message or an action comes to: nothing to say, or the refusal to send back. */
export type Handled = ClientError | undefined;

/**
 * The room's own refusals (docs/PROTOCOL.md, "Errors"), and the translation of the pipeline's refusals into
 * the protocol's codes and field names. One place for every sentence a refused player reads.
 */

function error(type: string, code: ErrorCode, message: string, messageRu: string): ClientError {
  return { type, code, message, messageRu };
}

export const notSeated = (type: string) => error(type, "not-seated", "spectators cannot play", "Зрители не играют");

export const waitingForOpponent = (type: string) =>
  error(type, "wrong-phase", "waiting for the second player", "Ждём второго игрока");

export const stillAnimating = (type: string) =>
  error(type, "animating", "the previous shot is still playing", "Предыдущий удар ещё не закончился");

/** The action could not be written to the match record: it was not applied, and nobody was told of it. */
export const notRecorded = (type: string) =>
  error(
    type,
    "not-recorded",
    "the server could not record this; nothing changed, try again",
    "Сервер не смог записать действие; ничего не изменилось, попробуйте ещё раз",
  );

export const aimOutOfTurn = () =>
  error("aim", "not-your-turn", "only the player to move can aim", "Целится только тот, чей ход");

/**
 * A pipeline refusal as the protocol's `error`: its code as the rules say it (docs/PROTOCOL.md), its `field`
 * renamed from the rules' request (`shot`, `angle`, ...) to the message's own (`shotNumber`, `stroke.angle`).
 */
export function refusal(
  type: string,
  error: { code: MatchErrorCode; message: string; messageRu?: string | undefined; field?: string | undefined },
): ClientError {
  const field = error.field === undefined ? undefined : MESSAGE_FIELDS[error.field];
  const { field: _rulesField, ...rest } = error;
  return { type, ...rest, ...(field === null ? {} : { field: field ?? error.field }) };
}

/** Rules' request fields renamed to the message's; null: the field is not in the message (the seat). */
const MESSAGE_FIELDS: Readonly<Record<string, string | null>> = {
  shot: "shotNumber",
  angle: "stroke.angle",
  speed: "stroke.speed",
  offset: "stroke.offset",
  player: null,
  type: null,
};
