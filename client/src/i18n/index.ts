import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.ts";
import { ru } from "./ru.ts";

const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = "habibka.lang";

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (stored === "en" || stored === "ru") return stored;
  } catch {
    // no storage: the default
  }
  return "ru";
}

/** Russian by default (the players' language), English when chosen; the choice is remembered. */
export function initI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { ru: { translation: ru }, en: { translation: en } },
    lng: storedLanguage(),
    fallbackLng: "ru",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  return i18next;
}

export function setLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
}
