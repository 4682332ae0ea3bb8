import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/account-words-loaded.ts";
import { profilePath } from "../profile/profile-route.ts";
import { apiCall } from "./account-api.ts";
import { readId, readName, record } from "./account-data.ts";
import { account } from "./account-store.ts";
import { ChallengeButton } from "./ChallengeButton.tsx";
import { problemText } from "./problem-text.ts";
import { useAccount } from "./use-account.ts";

interface Props {
  readonly matchId: string;
  readonly onProfile: (id: string) => void;
}

interface Opponent {
  readonly id: string;
  readonly name: string;
}

/** The opponent the player had in this match, from his own profile's list, if he played it against an account. */
function readOpponent(matchId: string) {
  return (value: unknown): Opponent | null => {
    const matches = record(value)?.matches;
    if (!Array.isArray(matches)) return null;
    const played = matches.map(record).find((m) => m?.matchId === matchId);
    const opponent = record(played?.opponent);
    const id = readId(opponent?.id);
    return id ? { id, name: readName(opponent?.name) ?? "" } : null;
  };
}

/**
 * On the page of a match the player played: his opponent, with the way to his profile, «Добавить в друзья»
 * and a rematch challenge. Shown to the two players only (the opponent is read from the viewer's own
 * profile), and not for a match against the computer or a visitor without an account.
 */
export default function OpponentActions({ matchId, onProfile }: Props) {
  const { t } = useTranslation();
  const { me, friends } = useAccount();
  const [opponent, setOpponent] = useState<Opponent | null>(null);
  const [refusal, setRefusal] = useState("");
  const myId = me?.id;

  useEffect(() => {
    if (!myId) return;
    let current = true;
    void apiCall("GET", `/api/players/${encodeURIComponent(myId)}`, readOpponent(matchId)).then(
      (answer) => current && setOpponent(answer.ok ? answer.value : null),
    );
    if (account.getState().friends === null) void account.refreshFriends();
    return () => {
      current = false;
    };
  }, [myId, matchId]);

  if (!opponent) return null;
  const friend = friends?.some((f) => f.id === opponent.id) ?? false;
  return (
    <p className="opponent-actions row" data-testid="opponent-actions">
      <span>
        {t("friends.opponent")}{" "}
        <a
          href={profilePath(opponent.id)}
          data-testid="opponent-profile"
          onClick={(event) => {
            event.preventDefault();
            onProfile(opponent.id);
          }}
        >
          {opponent.name || t("account.unnamed")}
        </a>
      </span>
      {friend ? (
        <span className="hint" data-testid="opponent-is-friend">
          {t("friends.already")}
        </span>
      ) : (
        <button
          type="button"
          data-testid="opponent-befriend"
          onClick={async () => {
            const answer = await account.addFriend(opponent.id);
            setRefusal(answer.ok ? "" : problemText(t, answer.problem));
          }}
        >
          {t("profile.befriend")}
        </button>
      )}
      <ChallengeButton to={opponent.id} label={t("friends.rematch")} testId="opponent-challenge" />
      {refusal && <span className="hint bad">{refusal}</span>}
    </p>
  );
}
