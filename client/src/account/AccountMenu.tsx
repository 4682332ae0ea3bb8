import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/account-words-loaded.ts";
import { profileLink } from "../profile/profile-route.ts";
import { CopyLink } from "../ui/CopyLink.tsx";
import type { Me } from "./account-data.ts";
import { account } from "./account-store.ts";
import "./account-menu.css";
import { NameEditor } from "./NameEditor.tsx";
import { PasskeysSection } from "./PasskeysSection.tsx";
import { RatingMark } from "./RatingMark.tsx";
import { SignOutSection } from "./SignOutSection.tsx";

interface Props {
  readonly me: Me;
  readonly onClose: () => void;
  readonly onProfile: (id: string) => void;
  readonly onLeaders: () => void;
}

/**
 * The account menu under the header: the name (the one every table shows), the rating, the player's own
 * matches and the leaderboard, the link friends add him by, the passkeys that carry the account to another
 * device (and signing in with one here), and signing out. Escape or a click outside closes it.
 */
export default function AccountMenu({ me, onClose, onProfile, onLeaders }: Props) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);

  // The rating and passkeys as they are now (a match may have ended, a passkey been added elsewhere).
  useEffect(() => {
    void account.refreshMe();
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      // The header's own button toggles the menu itself.
      if (panel.current?.contains(target) || (target as Element).closest?.("[data-testid=account-button]")) return;
      onClose();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [onClose]);

  return (
    <div
      className="account-menu"
      ref={panel}
      role="dialog"
      aria-label={t("accountMenu.title")}
      data-testid="account-menu"
    >
      <NameEditor name={me.name} />
      <p className="account-rating-line" data-testid="account-menu-rating">
        {me.rating ? (
          <>
            {t("accountMenu.rating")} <RatingMark rating={me.rating} />{" "}
            <span className="hint">
              {me.rating.provisional
                ? t("accountMenu.provisionalGames", { count: me.rating.games })
                : t("accountMenu.games", { count: me.rating.games })}
            </span>
          </>
        ) : (
          <span className="hint">{t("accountMenu.noRating")}</span>
        )}
      </p>
      <div className="row">
        <button type="button" data-testid="my-profile" onClick={() => onProfile(me.id)}>
          {t("accountMenu.myMatches")}
        </button>
        <button type="button" data-testid="open-leaders" onClick={onLeaders}>
          {t("accountMenu.leaders")}
        </button>
      </div>
      <div className="account-link">
        <span className="hint">{t("accountMenu.linkHint")}</span>
        <CopyLink
          link={profileLink(me.id, window.location.origin)}
          label={t("accountMenu.copyLink")}
          testId="my-profile-link"
          copyTestId="copy-profile-link"
        />
      </div>
      <PasskeysSection me={me} />
      <SignOutSection me={me} />
      <button type="button" className="account-menu-close" onClick={onClose} aria-label={t("app.close")}>
        ×
      </button>
    </div>
  );
}
