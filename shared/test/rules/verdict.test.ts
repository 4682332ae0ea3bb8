import { describe, expect, it } from "vitest";
import { toContractVerdict } from "../../src/rules/verdict.ts";
import { CONTRACT_VERDICT_FIELDS } from "../fixtures/contract-example.ts";
import { cushion, hit, judge, pocket, shelvesFor, shot, strike, TABLE } from "./helpers.ts";

describe("judgeShot – turns, bonus shots and explanations (clauses 2, 9, I13, I16)", () => {
  it("clause 9: without the series rule the turn passes even after a scored ball", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call: [{ ball: 3, pocket: "FL", way: "direct" }] });
    expect(j.verdict.bonus).toBe(false);
    expect(j.verdict.next).toEqual({ player: 1, mayPass: false });
  });

  it("clause 9, I13: a called bank [дуплет] off a non-adjacent cushion earns a declinable bonus shot", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "RF"), pocket(3, "FL")), {
      call: [{ ball: 3, pocket: "FL", way: "bank" }],
    });
    expect(j.verdict.counted).toEqual([3]);
    expect(j.verdict.bonus).toBe(true);
    expect(j.verdict.next).toEqual({ player: 0, mayPass: true });
    expect(j.verdict.clauses).toContain("9");
    expect(j.verdict.explanation.ru).toContain("шар 3 (чужой) в левую угловую у пирамиды дуплетом (п. 6)");
    expect(j.verdict.explanation.en).toContain(
      "ball 3 (object ball [чужой]) into the left corner at the pyramid off a cushion [дуплет] (clause 6)",
    );
  });

  it("I13: striker 1's bonus is his own: next player is the striker", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "RF"), pocket(3, "FL")), {
      call: [{ ball: 3, pocket: "FL", way: "bank" }],
      striker: 1,
    });
    expect(j.verdict.next).toEqual({ player: 1, mayPass: true });
    expect(j.verdict.shelf).toEqual([5, 6]);
  });

  it("clause 2, I13: the eighth ball wins and a winning shot offers nothing more", () => {
    const t = TABLE;
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "RF"), pocket(3, "FL")), {
      shelves: shelvesFor(t, [7, 3]),
      call: [{ ball: 3, pocket: "FL", way: "bank" }],
    });
    expect(j.verdict.winner).toBe(0);
    expect(j.verdict.shelf).toEqual([8, 3]);
    expect(j.verdict.bonus).toBe(false);
    expect(j.verdict.next.mayPass).toBe(false);
  });

  it("clause 2, clause 8: a winning double call at seven puts both scored balls on the shelf, the ninth too", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), hit(7, 5), pocket(5, "FR")), {
      shelves: shelvesFor(TABLE, [7, 3]),
      call: [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 5, pocket: "FR", way: "direct" },
      ],
    });
    expect(j.verdict.winner).toBe(0);
    expect(j.verdict.counted).toEqual([3, 5]);
    expect(j.verdict.shelf).toEqual([9, 3]);
    expect(j.verdict.spotted).toEqual([]);
    expect(j.position.shelves[0].slice(-2)).toEqual([3, 5]);
    expect(j.position.table.map((b) => b.id)).not.toContain(5);
    expect(j.verdict.explanation.en).toContain("To the shelf [полка]: 3, 5.");
    expect(j.verdict.explanation.en).not.toContain("Spotted");
    expect(j.verdict.explanation.ru).toContain("На полку: 3, 5.");
  });

  it("explains a foul in Russian and English with the clause (the verdict explains itself)", () => {
    const j = judge(shot(strike(7), hit(7, 0), cushion(0, "LF"), cushion(0, "F")));
    // The striker unnamed is seat 0's «Игрок 1», as the table calls a player without a name.
    expect(j.verdict.explanation.ru).toContain("Штраф — Игрок 1: касание цветного шара (п. 10).");
    expect(j.verdict.explanation.ru).toMatch(/Штрафной шар \d+ снят с полки — Игрок 1 — и выставлен \(п\. 15\)\./);
    expect(j.verdict.explanation.en).toContain("Foul [штраф], Player 1: the coloured ball was touched (clause 10).");
    expect(j.verdict.explanation.en).toMatch(
      /Penalty: ball \d+ comes off Player 1's shelf and is spotted \(clause 15\)\./,
    );
    expect(j.verdict.clauses).toEqual(["3c", "4", "10", "15", "16", "17"]);
  });

  it("explains a safety [отыгрыш] with its condition letter", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F")));
    expect(j.verdict.explanation.ru).toContain(
      "Игрок 1: отыгрыш выполнен — шар коснулся одного борта, затем другого (п. 3в).",
    );
    expect(j.verdict.explanation.en).toContain(
      "Player 1: safety [отыгрыш] played, a ball touched a cushion, then another (clause 3c).",
    );
  });

  it("explains свояк and чужой, the shelf [полка] and the debt", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(7, "ML")), { call: [{ ball: 7, pocket: "ML", way: "direct" }] });
    expect(j.verdict.explanation.ru).toContain("Игрок 1 забивает: шар 7 (свояк) в левую среднюю (п. 6).");
    expect(j.verdict.explanation.ru).toContain("На полку: 7");
    const d = judge(shot(strike(7), hit(7, 3), cushion(3, "LF")), { shelves: shelvesFor(TABLE, [0, 10]) });
    expect(d.verdict.explanation.ru).toContain(
      "Полка пуста: долг — Игрок 1, один шар; его погасит следующий забитый шар (п. 15).",
    );
    expect(d.verdict.explanation.en).toContain(
      "The shelf is empty: Player 1 owes one ball, paid by the next ball scored (clause 15).",
    );
  });

  it("toContractVerdict keeps exactly the contract's fields (docs/rules/sim-cli.md `verdict`)", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call: [{ ball: 3, pocket: "FL", way: "direct" }] });
    expect(Object.keys(toContractVerdict(j.verdict))).toEqual([...CONTRACT_VERDICT_FIELDS]);
  });

  it("is deterministic: the same input gives the same verdict and table", () => {
    const events = shot(strike(7), hit(7, 3), pocket(3, "FR"), hit(7, 0), pocket(5, "FR"));
    expect(judge(events)).toEqual(judge(events));
  });
});
