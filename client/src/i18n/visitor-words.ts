/**
 * What a visitor who comes by a link reads: a code that names no table, watching without a name, and a
 * «Сесть» at a table whose two seats are taken. Kept beside ru.ts and en.ts, which spread them in.
 */
export const ruVisitorWords = {
  gone: {
    looking: "Ищем стол {{code}}…",
    title: "Стола с кодом {{code}} нет",
    hint: "Возможно, в коде опечатка или стол уже закрыт. Партии, сыгранные за ним, есть в лобби, в истории.",
  },
  guest: {
    name: "Зритель",
    sitHint: "За столом свободное место: назовитесь, чтобы сесть играть, или чтобы писать в чат.",
    chatHint: "Назовитесь, чтобы писать в чат.",
    introduce: "Назваться",
    chatLocked: "Назовитесь, чтобы писать",
  },
  full: {
    title: "Стол занят",
    text: "За столом уже двое игроков, сесть нельзя. Партию можно смотреть.",
    watch: "Смотреть",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const enVisitorWords: Widen<typeof ruVisitorWords> = {
  gone: {
    looking: "Looking for table {{code}}…",
    title: "There is no table with the code {{code}}",
    hint: "The code may have a typo, or the table has closed. Matches played at it are in the lobby's history.",
  },
  guest: {
    name: "Spectator",
    sitHint: "A seat is free: give your name to sit down and play, or to write in the chat.",
    chatHint: "Give your name to write in the chat.",
    introduce: "Give name",
    chatLocked: "Give your name to write",
  },
  full: {
    title: "The table is full",
    text: "Two players already sit at this table, so you cannot sit down. You can watch the match.",
    watch: "Watch",
  },
};
