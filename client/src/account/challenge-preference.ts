/**
 * Whether this player's challenges ask for a rated match [рейтинговая партия], remembered in this browser so
 * that a challenge (a rematch from a profile too) stays one tap.
 */
const KEY = "habibka.challenge-rated";

export function challengeRated(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberChallengeRated(rated: boolean, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(KEY, rated ? "1" : "0");
  } catch {
    // not remembered: asked again next time
  }
}
