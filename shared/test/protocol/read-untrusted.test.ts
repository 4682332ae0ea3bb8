import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { advisePositionSchema, readPosition } from "../../src/computer/position-input.ts";
import * as protocol from "../../src/protocol/index.ts";
import { readUntrusted, UNREADABLE_VALUE } from "../../src/read-untrusted.ts";
import { readBatch } from "../../src/sim/read-batch.ts";
import { scenarioSchema } from "../../src/sim/scenario-schema.ts";
import { validateScenario } from "../../src/sim/validate-scenario.ts";
import {
  EXAMPLE_CALL,
  EXAMPLE_SCENARIO,
  EXAMPLE_STROKE,
  withHostileField,
  withHostileObject,
} from "../kit/hostile-values.ts";

/**
 * Whatever arrives from outside is data: a value a schema cannot read is a failed reading with the field
 * it sits in, never an exception. Checked for every schema the protocol exports (a new one without an
 * example below fails the first test) and for the commands' readers, with hostile values put in every
 * field of a well-formed example.
 */

const stroke = EXAMPLE_STROKE;
const call = EXAMPLE_CALL;
const scenario = EXAMPLE_SCENARIO;

/** A passkey's answers as a browser sends them (their binary fields in base64url; what they mean is not read here). */
const PASSKEY_REGISTRATION = {
  id: "q1w2e3",
  rawId: "q1w2e3",
  type: "public-key",
  response: {
    clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0",
    attestationObject: "o2NmbXRkbm9uZQ",
    transports: ["internal"],
  },
  clientExtensionResults: {},
  authenticatorAttachment: "platform",
};
const PASSKEY_ASSERTION = {
  id: "q1w2e3",
  rawId: "q1w2e3",
  type: "public-key",
  response: {
    clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
    authenticatorData: "SZYN5Y",
    signature: "MEUCIQ",
    userHandle: "YWJj",
  },
  clientExtensionResults: {},
};

/** A well-formed value of every schema that reads outside input. */
const EXAMPLES: Record<string, unknown> = {
  BallId: 3,
  Point: { x: 0.2, y: -0.3 },
  CalledBallMessage: call[0],
  StrokeMessage: stroke,
  ShotMessage: { shotNumber: 4, stroke, call, place: { x: -1, y: 0 } },
  LagMessage: { place: { x: -1, y: 0.2 }, angle: 0, speed: 3 },
  AnswerMessage: { shotNumber: 4, accept: true },
  AimMessage: { stroke, call, place: { x: -1, y: 0 } },
  ChatMessage: { text: "привет" },
  SeenMessage: { shotNumber: 4 },
  EmptyMessage: {},
  OpeningMode: "lag",
  ShotClock: 30,
  CreateTableOptions: {
    name: "Анна",
    visibility: "private",
    shotClock: 30,
    opponent: "computer",
    level: "master",
    pace: "brisk",
  },
  JoinTableOptions: { name: "Борис", watch: false, seatToken: "abc" },
  PlayerName: "Анна",
  ChatText: "привет",
  UploadedAction: { type: "answer", at: 2, player: 0, answer: { shotNumber: 4, accept: true } },
  OfflineMatchUpload: {
    matchId: "0b7f2a8e-3c1d-4e5f-9a6b-7c8d9e0f1a2b",
    createdAt: 1,
    seed: 7,
    opening: "lag",
    level: "novice",
    pace: "brisk",
    name: "Анна",
    actions: [{ type: "shot", at: 2, player: 0, shot: { shotNumber: 4, stroke, call }, outcome: "A".repeat(43) }],
  },
  RenameRequest: { name: "Анна" },
  ChallengeRequest: { to: "0b6f3c1e-2a4d-4e5f-8a9b-0c1d2e3f4a5b", opening: "draw", shotClock: 60, rated: true },
  RegistrationResponse: PASSKEY_REGISTRATION,
  AuthenticationResponse: PASSKEY_ASSERTION,
  PasskeyRegistration: { response: PASSKEY_REGISTRATION },
  PasskeySignIn: { response: PASSKEY_ASSERTION },
};

const exportedSchemas = Object.entries(protocol as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

describe("reading outside input never throws", () => {
  it("every schema the protocol exports has a well-formed example here, which it reads", () => {
    expect(exportedSchemas.map(([name]) => name).sort()).toEqual(Object.keys(EXAMPLES).sort());
    for (const [name, schema] of exportedSchemas) {
      expect(readUntrusted(schema, EXAMPLES[name]), name).toMatchObject({ ok: true });
    }
  });

  it('the payload that made zod throw, {"length": {"toString": 1}}, is a failed reading naming its field', () => {
    const odd = { length: { toString: 1 } };
    expect(() => protocol.ChatMessage.safeParse({ text: odd })).toThrow();
    expect(readUntrusted(protocol.ChatMessage, { text: odd })).toEqual({
      ok: false,
      issue: { path: ["text"], message: UNREADABLE_VALUE },
    });
    const shot = readUntrusted(protocol.ShotMessage, { shotNumber: 0, stroke, call: odd });
    expect(shot).toMatchObject({ ok: false, issue: { path: ["call"] } });
    const name = readUntrusted(protocol.CreateTableOptions, { name: odd });
    expect(name).toMatchObject({ ok: false, issue: { path: ["name"] } });
  });

  for (const [name, schema] of exportedSchemas) {
    it(`${name}: a hostile value in any field is read as a failure or a value, never thrown`, () => {
      const readsAsData = (input: unknown) => {
        const read = readUntrusted(schema, input);
        if (!read.ok) {
          expect(typeof read.issue.message).toBe("string");
          expect(Array.isArray(read.issue.path)).toBe(true);
        }
      };
      fc.assert(fc.property(withHostileField(EXAMPLES[name]), readsAsData), { numRuns: 150 });
      fc.assert(
        fc.property(withHostileObject(EXAMPLES[name]), (make) => readsAsData(make())),
        { numRuns: 50 },
      );
    });
  }

  it("the simulator's and the computer's readers answer every hostile scenario with a line naming the field", () => {
    const position = { balls: scenario.balls, level: "novice" };
    fc.assert(
      fc.property(
        fc.oneof(
          withHostileField(scenario).map((input) => () => input),
          withHostileObject(scenario),
        ),
        fc.oneof(
          withHostileField(position).map((input) => () => input),
          withHostileObject(position),
        ),
        (makeScenario, makePosition) => {
          const scenarioInput = makeScenario();
          const positionInput = makePosition();
          const checked = validateScenario(scenarioInput);
          if (!checked.ok) expect(checked.message).toMatch(/^\S+: /);
          const read = readPosition(positionInput);
          if (!read.ok) expect(read.message).toMatch(/^\S+: /);
          readUntrusted(scenarioSchema, scenarioInput);
          readUntrusted(advisePositionSchema, positionInput);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a batch on standard input with a hostile scenario in it is refused at that scenario's index", () => {
    const text = JSON.stringify([scenario, { ...scenario, call: { length: { toString: 1 } } }]);
    const read = readBatch(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(validateScenario(read.items[1], [1])).toEqual({ ok: false, message: `[1].call: ${UNREADABLE_VALUE}` });
  });
});

describe("one reader of outside input", () => {
  it("no source file but the reader calls a schema's safeParse or parse itself (the server's own settings aside)", () => {
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const sources = ["shared/src", "painter/src", "server/src", "client/src"].flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => join(folder, file)),
    );
    const callers = sources.filter((file) => {
      const text = readFileSync(join(root, file), "utf8");
      // JSON's and Date's own parse read text, not a schema.
      return /\.safeParse\(|\b(?!(?:JSON|Date)\b)[A-Z]\w*\.parse\(/.test(text);
    });
    expect(callers.sort()).toEqual(["server/src/config.ts", "shared/src/read-untrusted.ts"]);
  });
});
