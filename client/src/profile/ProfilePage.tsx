import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "../account/account-api.ts";
import { account } from "../account/account-store.ts";
import { ChallengeButton, RatedChoice } from "../account/ChallengeButton.tsx";
import { problemText } from "../account/problem-text.ts";
import { RatingMark } from "../account/RatingMark.tsx";
import { useAccount } from "../account/use-account.ts";
import "../i18n/account-words-loaded.ts";
import { matchPath } from "../match-page/match-data.ts";
import { FoulList } from "./FoulList.tsx";
import { type Profile, type ProfileMatch, readProfile } from "./profile-data.ts";
import { profilePath } from "./profile-route.ts";
import "./profile.css";

interface Props {
  readonly id: string;
  readonly onProfile: (id: string) => void;
  readonly onMatch: (id: string) => void;
  readonly onLobby: () => void;
}

type Loaded =
  | { readonly kind: "loading" }
  | { readonly kind: "missing" | "failed" }
  | { readonly kind: "shown"; readonly profile: Profile };

function MatchLine({
  match,
  onProfile,
  onMatch,
}: { readonly match: ProfileMatch } & Pick<Props, "onProfile" | "onMatch">) {
  const { t, i18n } = useTranslation();
  const { opponent } = match;
  return (
    <li data-testid={`profile-match-${match.matchId}`} data-result={match.result}>
      <span className={`result ${match.result}`}>{t(`profile.result.${match.result}`)}</span>
      <span className="opponent">
        {t("profile.against")}{" "}
        {opponent.id ? (
          <a
            href={profilePath(opponent.id)}
            data-testid="profile-opponent"
            onClick={(event) => {
              event.preventDefault();
              onProfile(opponent.id!);
            }}
          >
            {opponent.name || t("account.unnamed")}
          </a>
        ) : (
          opponent.name || "—"
        )}
      </span>
      {match.rated && <span className="badge">{t("account.rated")}</span>}
      {match.at !== null && (
        <time dateTime={new Date(match.at).toISOString()}>
          {new Date(match.at).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}
        </time>
      )}
      <a
        className="open-match"
        href={matchPath(match.matchId)}
        onClick={(event) => {
          event.preventDefault();
          onMatch(match.matchId);
        }}
      >
        {t("profile.openMatch")} →
      </a>
    </li>
  );
}

/** Adds or removes this player from the viewer's friends, saying the answer. */
function FriendButton({
  profile,
  onChanged,
}: {
  readonly profile: Profile;
  readonly onChanged: (friend: boolean) => void;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState("");
  const friend = profile.friend === true;
  async function toggle() {
    const answer = friend ? await account.removeFriend(profile.id) : await account.addFriend(profile.id);
    setRefusal(answer.ok ? "" : problemText(t, answer.problem));
    if (answer.ok) onChanged(!friend);
  }
  return (
    <>
      <button type="button" data-testid={friend ? "unfriend" : "befriend"} onClick={() => void toggle()}>
        {friend ? t("profile.unfriend") : t("profile.befriend")}
      </button>
      {refusal && <span className="hint bad">{refusal}</span>}
    </>
  );
}

/**
 * A player's page `/p/<id>`: his name, rating (a provisional one marked), wins and losses, how often he
 * pots, his fouls by clause, and his matches newest first, each linking to its page and to the opponent's
 * profile; «Добавить в друзья» and «Вызвать на партию» (a rematch in one tap). The player's own page is
 * his «Мои партии».
 */
export default function ProfilePage({ id, onProfile, onMatch, onLobby }: Props) {
  const { t, i18n } = useTranslation();
  const { me } = useAccount();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const own = me?.id === id;

  useEffect(() => {
    let current = true;
    void apiCall("GET", `/api/players/${encodeURIComponent(id)}`, readProfile).then((answer) => {
      if (!current) return;
      if (answer.ok) setLoaded({ kind: "shown", profile: answer.value });
      else setLoaded({ kind: answer.problem.status === 404 ? "missing" : "failed" });
    });
    return () => {
      current = false;
    };
  }, [id]);

  useEffect(() => {
    const name = loaded.kind === "shown" ? loaded.profile.name : null;
    document.title = own ? t("profile.mine") : name ? t("profile.titleOf", { name }) : t("app.title");
    return () => {
      document.title = t("app.title");
    };
  }, [loaded, own, t]);

  if (loaded.kind === "loading") return <p className="match-page-status">{t("profile.loading")}</p>;
  if (loaded.kind !== "shown") {
    return (
      <div className="profile-page" data-testid="profile-page" data-state={loaded.kind}>
        <p className="match-page-status">{loaded.kind === "missing" ? t("profile.missing") : t("profile.failed")}</p>
        <button type="button" onClick={onLobby}>
          {t("app.back")}
        </button>
      </div>
    );
  }
  const { profile } = loaded;
  const stats = profile.stats;
  return (
    <div className="profile-page" data-testid="profile-page" data-player={profile.id} data-own={own}>
      <header className="profile-head card">
        <h2 data-testid="profile-name">
          {profile.online !== null && (
            <span
              className={`dot ${profile.online ? "on" : "off"}`}
              title={profile.online ? t("friends.online") : t("friends.offline")}
            />
          )}
          {own ? t("profile.mine") : profile.name || t("account.unnamed")}
        </h2>
        {own && profile.name && <p className="hint">{profile.name}</p>}
        <p className="profile-rating" data-testid="profile-rating">
          {profile.rating ? (
            <>
              {t("accountMenu.rating")} <RatingMark rating={profile.rating} />{" "}
              <span className="hint">
                {profile.rating.provisional
                  ? t("accountMenu.provisionalGames", { count: profile.rating.games })
                  : t("accountMenu.games", { count: profile.rating.games })}
              </span>
            </>
          ) : (
            <span className="hint">{t("accountMenu.noRating")}</span>
          )}
        </p>
        {!own && me && (
          <div className="row profile-actions">
            <FriendButton
              profile={profile}
              onChanged={(friend) => setLoaded({ kind: "shown", profile: { ...profile, friend } })}
            />
            <ChallengeButton to={profile.id} label={t("profile.challenge")} testId="profile-challenge" />
            <RatedChoice testId="profile-rated" />
          </div>
        )}
      </header>
      {stats && (
        <section className="card profile-stats" data-testid="profile-stats" aria-label={t("profile.stats")}>
          <dl>
            <dt>{t("profile.wins")}</dt>
            <dd data-testid="profile-wins">{stats.wins}</dd>
            <dt>{t("profile.losses")}</dt>
            <dd data-testid="profile-losses">{stats.losses}</dd>
            <dt>{t("profile.potting")}</dt>
            <dd data-testid="profile-potting">
              {stats.potPercentage === null
                ? "—"
                : t("profile.percent", {
                    percent: stats.potPercentage.toLocaleString(i18n.language, { maximumFractionDigits: 1 }),
                  })}
            </dd>
            <dt>{t("profile.pots")}</dt>
            <dd data-testid="profile-pots">{t("profile.potsValue", { pots: stats.pots, strokes: stats.strokes })}</dd>
          </dl>
          <FoulList fouls={stats.fouls} />
        </section>
      )}
      <section className="card profile-matches" aria-labelledby="profile-matches-title">
        <h2 id="profile-matches-title">{t("profile.matches")}</h2>
        {profile.matches.length === 0 ? (
          <p className="hint">{t("profile.noMatches")}</p>
        ) : (
          <ul className="profile-match-list" data-testid="profile-matches">
            {profile.matches.map((m) => (
              <MatchLine key={m.matchId} match={m} onProfile={onProfile} onMatch={onMatch} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
