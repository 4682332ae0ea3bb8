import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/account-words-loaded.ts";
import { playerFromLink, profilePath } from "../profile/profile-route.ts";
import type { Friend } from "./account-data.ts";
import { account } from "./account-store.ts";
import { ChallengeButton, RatedChoice } from "./ChallengeButton.tsx";
import "./friends.css";
import { problemText } from "./problem-text.ts";
import { useAccount } from "./use-account.ts";

interface Props {
  readonly onProfile: (id: string) => void;
  /** Watches a table by its code. */
  readonly onWatch: (code: string) => void;
}

/**
 * How often the list is read again while the lobby is open, for a server that does not send `friends`
 * events (they are optional): who is online and at which table changes without the player asking.
 */
const REFRESH_MS = 30_000;

function FriendLine({ friend, onProfile, onWatch }: { readonly friend: Friend } & Props) {
  const { t } = useTranslation();
  return (
    <li data-testid={`friend-${friend.id}`} data-online={friend.online} data-table={friend.table ?? ""}>
      <span className={`dot ${friend.online ? "on" : "off"}`} aria-hidden="true" />
      <a
        className="friend-name"
        href={profilePath(friend.id)}
        onClick={(event) => {
          event.preventDefault();
          onProfile(friend.id);
        }}
      >
        {friend.name || t("account.unnamed")}
      </a>
      <span className="hint">
        {friend.table
          ? t("friends.atTable", { code: friend.table })
          : friend.online
            ? t("friends.online")
            : t("friends.offline")}
      </span>
      <span className="row">
        {friend.table && (
          <button type="button" data-testid={`friend-watch-${friend.id}`} onClick={() => onWatch(friend.table!)}>
            {t("lobby.watch")}
          </button>
        )}
        <ChallengeButton to={friend.id} label={t("friends.challenge")} testId={`friend-challenge-${friend.id}`} />
        <button
          type="button"
          className="friend-remove"
          data-testid={`friend-remove-${friend.id}`}
          aria-label={t("friends.removeNamed", { name: friend.name })}
          title={t("friends.removeNamed", { name: friend.name })}
          onClick={() => void account.removeFriend(friend.id)}
        >
          ×
        </button>
      </span>
    </li>
  );
}

/**
 * The lobby's friends, under the player's name: each with whether he is on the site and at which table
 * (watched in one tap), a challenge, removal; and a friend added by his profile's link. The list follows the live events, and is
 * read again now and then.
 */
export default function FriendsCard({ onProfile, onWatch }: Props) {
  const { t } = useTranslation();
  const { friends } = useAccount();
  const [link, setLink] = useState("");
  const [said, setSaid] = useState<{ readonly text: string; readonly bad: boolean } | null>(null);

  useEffect(() => {
    void account.refreshFriends();
    const timer = setInterval(() => void account.refreshFriends(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  async function add(event: FormEvent) {
    event.preventDefault();
    const id = playerFromLink(link);
    if (!id) {
      setSaid({ text: t("friends.badLink"), bad: true });
      return;
    }
    const answer = await account.addFriend(id);
    if (answer.ok) setLink("");
    setSaid(
      answer.ok
        ? { text: t("friends.added"), bad: false }
        : {
            text: answer.problem.status === 404 ? t("friends.noSuchPlayer") : problemText(t, answer.problem),
            bad: true,
          },
    );
  }

  return (
    <section className="card friends" aria-labelledby="friends-title" data-testid="friends">
      <h2 id="friends-title">{t("friends.title")}</h2>
      {friends === null && <p className="hint">{t("friends.loading")}</p>}
      {friends?.length === 0 && <p className="hint">{t("friends.none")}</p>}
      {friends && friends.length > 0 && (
        <>
          <ul className="friend-list" data-testid="friend-list">
            {friends.map((friend) => (
              <FriendLine key={friend.id} friend={friend} onProfile={onProfile} onWatch={onWatch} />
            ))}
          </ul>
          <RatedChoice testId="friends-rated" />
        </>
      )}
      <form className="row friend-add" onSubmit={add}>
        <input
          data-testid="friend-link"
          aria-label={t("friends.linkLabel")}
          placeholder={t("friends.linkLabel")}
          value={link}
          maxLength={300}
          onChange={(e) => {
            setLink(e.target.value);
            setSaid(null);
          }}
        />
        <button type="submit" data-testid="friend-add" disabled={link.trim() === ""}>
          {t("friends.add")}
        </button>
      </form>
      {said && (
        <small className={said.bad ? "hint bad" : "hint"} role="status" data-testid="friend-status">
          {said.text}
        </small>
      )}
    </section>
  );
}
