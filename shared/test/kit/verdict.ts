import type { ContractVerdict } from "../../src/rules/verdict-types.ts";

/**
 * The verdict a test expects, written as what differs from a clean shot: no foul, nothing counted or
 * spotted, no penalty or bonus, no debts, no winner. Who plays next and the shelves are always stated,
 * since every shot decides them.
 */
export function verdict(expected: Partial<ContractVerdict> & Pick<ContractVerdict, "next" | "shelf">): ContractVerdict {
  return {
    foul: false,
    reasons: [],
    counted: [],
    spotted: [],
    penalty: null,
    bonus: false,
    debt: [0, 0],
    winner: null,
    ...expected,
  };
}
