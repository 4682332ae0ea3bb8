/**
 * What a player reads about playing without the network: the lobby's word on it and its choice, the matches
 * kept in this browser, and the new version's prompt. Kept beside ru.ts and en.ts, which spread them in.
 */
export const ruOfflineWords = {
  offline: {
    title: "Связь",
    hint: "Тренировка и игра с компьютером идут и без сети, прямо в браузере: в метро, в клубе, в поезде.",
    choose: "Играть без сети",
    online: "На связи с сервером.",
    chosen: "Вы играете без сети: тренировка и компьютер — в этом браузере.",
    noNetwork: "Нет сети. Тренировка и игра с компьютером идут в этом браузере.",
    noServer: "Сервер сейчас недоступен. Тренировка и игра с компьютером идут в этом браузере.",
    checking: "Проверяем связь…",
    backOnline: "Вернуться в сеть",
    tryAgain: "Проверить снова",
    needsNetwork: "Нужна сеть",
    listNeedsNetwork: "Без сети этот список недоступен.",
    tablesNeedNetwork: "Столы с другими игроками открываются только при связи с сервером.",
    computerHere: "Партия пойдёт в этом браузере, без сервера.",
    mine: "Сыграно без сети",
    resume: "Продолжить",
    waiting: "отправим, когда будет связь",
    kept: "в истории",
    refused: "не принята: {{reason}}",
    playing: "не доиграна",
  },
  update: {
    ready: "Вышла новая версия игры.",
    reload: "Обновить",
    later: "Позже",
    offlineReady: "Игра сохранена в браузере: тренировка и компьютер работают и без сети.",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const enOfflineWords: Widen<typeof ruOfflineWords> = {
  offline: {
    title: "Connection",
    hint: "Practice and games against the computer play without the network, right in the browser: on the metro, at the club, on a train.",
    choose: "Play offline",
    online: "Connected to the server.",
    chosen: "You are playing offline: practice and the computer run in this browser.",
    noNetwork: "No network. Practice and games against the computer run in this browser.",
    noServer: "The server cannot be reached now. Practice and games against the computer run in this browser.",
    checking: "Checking the connection…",
    backOnline: "Back online",
    tryAgain: "Check again",
    needsNetwork: "Needs the network",
    listNeedsNetwork: "This list needs the network.",
    tablesNeedNetwork: "Tables with other players open only while the server can be reached.",
    computerHere: "The match will be played in this browser, without the server.",
    mine: "Played offline",
    resume: "Continue",
    waiting: "sent once online",
    kept: "in the history",
    refused: "not accepted: {{reason}}",
    playing: "unfinished",
  },
  update: {
    ready: "A new version of the game is out.",
    reload: "Reload",
    later: "Later",
    offlineReady: "The game is kept in this browser: practice and the computer work without the network.",
  },
};
