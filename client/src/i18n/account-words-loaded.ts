import i18next from "i18next";
import { enAccountPageWords, ruAccountPageWords } from "./account-page-words.ts";

/**
 * Imported by the account's pages for its effect: their words join both languages' resources when the first
 * of them loads, before it renders (so a language switch finds them too).
 */
i18next.addResourceBundle("ru", "translation", ruAccountPageWords, true, false);
i18next.addResourceBundle("en", "translation", enAccountPageWords, true, false);
