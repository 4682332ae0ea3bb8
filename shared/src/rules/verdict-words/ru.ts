/**
 * The verdict's words in Russian: every sentence a player reads about a shot (the live table, the match
 * page, the shot's picture and its caption, a shared link's description, `habibka-sim`'s explanation) is
 * filled in from here and from nowhere else, so they all say the same thing. The players' own words are
 * kept: свояк, чужой, дуплет, отыгрыш, полка, штраф, разбой, раскат, створ. `{{name}}` is a player's
 * name, or `seat` when the player has none; the clauses cited are those of docs/rules/clauses.ru.md.
 */
export const ruVerdictWords = {
  seat: "Игрок {{number}}",
  ball: "шар {{ball}}",
  colouredBall: "цветной",
  pockets: {
    HL: "левую угловую у дома",
    HR: "правую угловую у дома",
    ML: "левую среднюю",
    MR: "правую среднюю",
    FL: "левую угловую у пирамиды",
    FR: "правую угловую у пирамиды",
  },
  none: "Удар сыгран.",
  clock: "{{name}}: время на удар вышло, как промах.",
  opening: "Разбой с руки из дома (п. 5).",
  foul: "Штраф — {{name}}: {{reasons}}.",
  reason: {
    miss: "промах, биток не задел ни одного шара (п. 17)",
    "cue-struck-coloured": "удар кием по цветному шару (п. 1, 17)",
    "coloured-touched": "касание цветного шара (п. 10)",
    noSafety: {
      "no-cushion":
        "не выполнен отыгрыш: после первого соударения ни один шар не коснулся борта, не пересёк центральную линию и не упал в лузу (п. 3)",
      "not-enough":
        "не выполнен отыгрыш: после первого соударения ни один шар не коснулся второго борта, не пересёк центральную линию после борта и не упал в лузу (п. 3)",
    },
    "off-table": "шар вылетел за борт (п. 17)",
    push: "пропих (п. 17)",
    "last-ball-cue-pocketed": "биток упал в лузу не по заказу в игре последним шаром (п. 14)",
  },
  safety: "{{name}}: отыгрыш выполнен — {{how}} (п. {{clause}}).",
  safetyWay: {
    a: "шар упал в лузу",
    b: "шар остановился в створе лузы",
    c: "шар коснулся одного борта, затем другого",
    d: "шар от борта ударил другой шар, и тот дошёл до другого борта",
    e: "шар коснулся борта и пересёк центральную линию",
    f: "шар от борта ударил другой шар, и тот пересёк центральную линию или задел шар на другой половине",
    g: "шар пересёк центральную линию, затем коснулся борта",
    h: "шар пересёк центральную линию и ударил шар, который дошёл до борта",
    i: "шар пересёк центральную линию и через второй шар довёл третий до борта",
  },
  own: "свояк",
  object: "чужой",
  scoredBall: {
    direct: "{{ball}} ({{kind}}) в {{pocket}} (п. 6)",
    bank: "{{ball}} ({{kind}}) в {{pocket}} дуплетом (п. 6)",
    straight: "{{ball}} ({{kind}}) в {{pocket}}, прямолетящий без заказа (п. 7)",
  },
  scored: "{{name}} забивает: {{what}}.",
  toShelf: "На полку: {{balls}}.",
  paidDebt: "В счёт долга выставлен: {{balls}} (п. 15).",
  missedBall: "{{ball}} — {{why}}",
  missed: {
    "partial-double-call": "двойной заказ выполнен не целиком (п. 8)",
    "not-as-called": "не по заказу (п. 6)",
    accidental: "случайный шар (п. 6)",
    uncalled: "без заказа (п. 6)",
    opening: "упал при разбое без заказа (п. 5)",
  },
  notCounted: "Не засчитано: {{what}}.",
  penaltyShelf: "Штрафной шар {{ball}} снят с полки — {{name}} — и выставлен (п. 15).",
  penaltyDebt: "Полка пуста: долг — {{name}}, один шар; его погасит следующий забитый шар (п. 15).",
  spotted: "Выставлены к короткому борту: {{balls}} (п. 4).",
  coloured: {
    spotted: "Цветной шар упал не по заказу: не засчитан и выставлен (п. 13).",
    returned: "Цветной шар возвращён на центральную отметку (п. 10).",
    waiting: "Центральная отметка занята: цветной шар ждёт, пока она освободится (п. 10).",
  },
  won: "Восьмой шар на полке — партию выигрывает {{name}} (п. 2).",
  lastBallStarts: "Счёт 7:7, на столе последний белый шар: игра последним шаром (п. 12).",
  lastBallEnds: "На столе снова два белых шара: игра последним шаром окончена, снова действует п. 10 (п. 12).",
  nextAfterFoul: "Решает {{name}}: бить или пусть продолжает {{offender}} (п. 16).",
  nextBonus: "{{name}}: дополнительный удар (п. 9), его можно передать сопернику.",
  next: "Бьёт {{name}} (п. 9).",
  lag: {
    result: "Раскат: побеждает {{name}} и разбивает с руки из дома (п. 5).",
    replay: "Раскат переигрывается (п. 5).",
    distances: "До головного борта: {{list}}.",
    distance: "{{name}} — {{distance}}",
    lost: "{{name}}: шар {{why}}.",
    loss: {
      "missed-foot-cushion": "не дошёл до короткого борта",
      "crossed-half": "заехал на половину соперника",
      "long-cushion": "коснулся длинного борта",
      "touched-other-ball": "задел шар соперника",
      pocketed: "упал в лузу",
      "off-table": "вылетел со стола",
    },
  },
  /** The heading of the shot's picture. */
  caption: {
    shot: "Удар {{number}} · {{name}}",
    lag: "Удар {{number}} · раскат",
  },
  /** The lines of the verdict drawing's legend: what decided the shot, where it happened. */
  legend: {
    "first-contact": "Первое касание: биток {{cue}} → {{ball}}",
    contact: "{{a}} ударил {{b}}",
    miss: "Биток {{cue}} не коснулся ни одного шара",
    cushion: "{{ball}}: борт № {{order}}",
    "centre-line": "{{ball}} пересёк центральную линию",
    path: {
      "as-called": "Заказ: {{ball}} — в {{pocket}}, {{way}}: сыгран",
      "not-as-called": "Заказ: {{ball}} — в {{pocket}}, {{way}}: упал не по заказу",
      missed: "Заказ: {{ball}} — в {{pocket}}, {{way}}: не сыгран",
    },
    way: {
      direct: "прямо",
      bank: "дуплетом",
    },
    drop: "{{ball}} упал в лузу",
    "coloured-touched": "Касание цветного шара: {{by}}",
    "in-mouth": "{{ball}} остановился в створе лузы",
    "off-table": "{{ball}} вылетел за борт",
    spotted: {
      foot: "{{ball}} выставлен к короткому борту",
      penalty: "Штрафной шар {{ball}} — с полки на стол",
      debt: "{{ball}} выставлен в счёт долга",
      coloured: "Цветной выставлен на стол",
      returned: "Цветной возвращён на центральную отметку",
    },
    chain: "Отыгрыш: {{how}}",
    clause: "п. {{clause}}",
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language's verdict words must have: Russian's keys, with any strings. */
export type VerdictWords = Widen<typeof ruVerdictWords>;
