import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "../account/account-api.ts";
import { RatingMark } from "../account/RatingMark.tsx";
import { useAccount } from "../account/use-account.ts";
import "../i18n/account-words-loaded.ts";
import { type LeaderboardPage, readLeaderboard } from "./profile-data.ts";
import { profilePath } from "./profile-route.ts";
import "./profile.css";

interface Props {
  readonly onProfile: (id: string) => void;
}

const PAGE = 50;

/**
 * The leaderboard `/leaders`: players with at least one rated match, highest rating first, a page at a
 * time; each name opens the player's profile, and the viewer's own line is marked.
 */
export default function LeadersPage({ onProfile }: Props) {
  const { t } = useTranslation();
  const { me } = useAccount();
  const [players, setPlayers] = useState<LeaderboardPage["players"] | null>(null);
  const [more, setMore] = useState(false);
  const [failed, setFailed] = useState(false);

  const read = useCallback(async (offset: number) => {
    const answer = await apiCall("GET", `/api/leaderboard?limit=${PAGE}&offset=${offset}`, readLeaderboard);
    if (!answer.ok) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setPlayers((shown) => [...(offset === 0 ? [] : (shown ?? [])), ...answer.value.players]);
    setMore(answer.value.players.length === PAGE);
  }, []);

  useEffect(() => {
    void read(0);
  }, [read]);

  return (
    <div className="profile-page leaders-page" data-testid="leaders-page">
      <section className="card">
        <h2>{t("leaders.title")}</h2>
        <p className="hint">{t("leaders.what")}</p>
        {failed && <p className="hint bad">{t("profile.failed")}</p>}
        {players === null && !failed && <p className="hint">{t("profile.loading")}</p>}
        {players?.length === 0 && <p className="hint">{t("leaders.none")}</p>}
        {players && players.length > 0 && (
          <table className="leaders" data-testid="leaders">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">{t("leaders.place")}</span>
                </th>
                <th scope="col">{t("leaders.player")}</th>
                <th scope="col">{t("accountMenu.rating")}</th>
                <th scope="col">{t("leaders.games")}</th>
              </tr>
            </thead>
            <tbody>
              {players.map((player, index) => (
                <tr
                  key={player.id}
                  className={player.id === me?.id ? "me" : undefined}
                  data-testid={`leader-${player.id}`}
                >
                  <td className="place">{index + 1}</td>
                  <td className="who">
                    <a
                      href={profilePath(player.id)}
                      onClick={(event) => {
                        event.preventDefault();
                        onProfile(player.id);
                      }}
                    >
                      {player.name || t("account.unnamed")}
                    </a>
                  </td>
                  <td>
                    <RatingMark rating={player.rating} />
                  </td>
                  <td className="games">{player.rating.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {more && (
          <button type="button" data-testid="leaders-more" onClick={() => void read(players?.length ?? 0)}>
            {t("history.more")}
          </button>
        )}
      </section>
    </div>
  );
}
