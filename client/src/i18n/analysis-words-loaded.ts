import i18next from "i18next";
import { enAnalysisWords, ruAnalysisWords } from "./analysis-words.ts";

/**
 * Imported by the match page's analysis for its effect: its words join both languages' resources when it
 * first loads, before it renders (so a language switch finds them too).
 */
i18next.addResourceBundle("ru", "translation", ruAnalysisWords, true, false);
i18next.addResourceBundle("en", "translation", enAnalysisWords, true, false);
