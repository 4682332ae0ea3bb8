/**
 * What the first screen may show of the player's account: the header's account button, the lobby's rated
 * table and name offer. Kept beside ru.ts and en.ts, which spread them in; the rest (challenges, the menu,
 * passkeys, friends, a profile, the leaderboard) comes with the code that shows it
 * (account-page-words.ts), so the first download does not carry it.
 */
export const ruAccountWords = {
  account: {
    unnamed: "Без имени",
    open: "Аккаунт: {{name}}",
    loading: "Загружаем…",
    rating: "Рейтинг {{value}}",
    provisional: "Рейтинг {{value}}, предварительный: рейтинговых партий пока мало",
    offline: "Нет связи с сервером",
    tooMany: "Слишком часто: подождите немного и попробуйте снова",
    refused: "Сервер не принял запрос",
    refusedWhy: "Сервер не принял запрос: {{message}}",
    ratedTable: "Рейтинговая партия",
    rated: "рейтинговая",
    ratedHint: "Результат изменит рейтинг обоих игроков (Glicko-2)",
    ratedPublicOnly: "Рейтинговая партия — только за открытым столом",
    nameOffer: "В этом браузере вы играли под именем «{{name}}». Оставить его за вашим аккаунтом?",
    nameOfferTake: "Оставить",
    nameOfferDrop: "Другое имя",
    leaders: "Лучшие игроки",
    allMyMatches: "Все мои партии, рейтинг и штрафы",
    seatNeedsAccount: "За рейтинговым столом играют только с аккаунтом, а этот браузер его не хранит. Смотреть можно.",
    seatOfAnother: "Это место принадлежит другому аккаунту. Смотреть партию можно.",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const enAccountWords: Widen<typeof ruAccountWords> = {
  account: {
    unnamed: "No name",
    open: "Account: {{name}}",
    loading: "Loading…",
    rating: "Rating {{value}}",
    provisional: "Rating {{value}}, provisional: few rated matches so far",
    offline: "No connection to the server",
    tooMany: "Too often: wait a little and try again",
    refused: "The server refused the request",
    refusedWhy: "The server refused the request: {{message}}",
    ratedTable: "Rated match",
    rated: "rated",
    ratedHint: "The result changes both players' ratings (Glicko-2)",
    ratedPublicOnly: "A rated match is played at a public table only",
    nameOffer: "In this browser you played as “{{name}}”. Keep that name for your account?",
    nameOfferTake: "Keep it",
    nameOfferDrop: "Another name",
    leaders: "Top players",
    allMyMatches: "All my matches, rating and fouls",
    seatNeedsAccount: "Only accounts sit at a rated table, and this browser keeps none. You can watch.",
    seatOfAnother: "This seat belongs to another account. You can watch the match.",
  },
};
