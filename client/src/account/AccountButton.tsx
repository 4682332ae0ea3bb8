import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import "./account.css";
import { RatingMark } from "./RatingMark.tsx";
import { useAccount } from "./use-account.ts";

// The menu (the name, passkeys, signing out) is opened now and then: it and its passkey code load then.
const AccountMenu = lazy(() => import("./AccountMenu.tsx"));

interface Props {
  /** Opens a player's profile (the player's own is his «Мои партии»). */
  readonly onProfile: (id: string) => void;
  readonly onLeaders: () => void;
}

/** A drawn person: the account's mark on a phone, where the header has no room for the name. */
function PersonIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="5" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2 15c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * The account in the header: the player's name and rating (on a phone the mark and the rating), opening the
 * account menu. Nothing is shown while the server has not answered who this is, or could not.
 */
export function AccountButton({ onProfile, onLeaders }: Props) {
  const { t } = useTranslation();
  const { me } = useAccount();
  const [open, setOpen] = useState(false);
  if (!me) return null;
  const name = me.name ?? t("account.unnamed");
  return (
    <>
      <button
        type="button"
        className="account-button"
        data-testid="account-button"
        data-account={me.id}
        aria-expanded={open}
        aria-label={t("account.open", { name })}
        onClick={() => setOpen(!open)}
      >
        <PersonIcon />
        <span className="long account-name" data-testid="account-name">
          {name}
        </span>
        {me.rating && <RatingMark rating={me.rating} testId="account-rating" />}
      </button>
      {open && (
        <Suspense fallback={<div className="account-menu">{t("account.loading")}</div>}>
          <AccountMenu
            me={me}
            onClose={() => setOpen(false)}
            onProfile={(id) => {
              setOpen(false);
              onProfile(id);
            }}
            onLeaders={() => {
              setOpen(false);
              onLeaders();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
