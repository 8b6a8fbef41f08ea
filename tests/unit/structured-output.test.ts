import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";

import { ModelOutputError } from "@/lib/ai/anthropic";
import { extractJson, NOT_FOUND } from "@/lib/ai/structured";
import { refusesTools } from "@/lib/ai/tool-errors";

describe("extractJson: the JSON object in a model's text answer", () => {
  const cases: [string, string, unknown][] = [
    ["the whole answer", '{"a": 1}', { a: 1 }],
    ["in a code fence", 'Here you go:\n```json\n{"a": [1, 2]}\n```\nAnything else?', { a: [1, 2] }],
    ["between sentences", 'Sure. {"a": {"b": "c"}} Hope that helps.', { a: { b: "c" } }],
    ["after a thinking block", '<think>the user wants {x}</think>\n{"a": true}', { a: true }],
  ];
  for (const [what, text, expected] of cases)
    it(`reads JSON ${what}`, () => expect(extractJson(text)).toEqual(expected));

  it("says there is none when the answer has no object at all", () => {
    expect(extractJson("The learner did well.")).toBe(NOT_FOUND);
  });

  it("refuses broken and cut-off JSON with an invalid_json error", () => {
    for (const text of ['{"question_labels": [{"index": 0, "stage": "situ', '{"a": 1,}', "{not json}"]) {
      expect(() => extractJson(text)).toThrow(ModelOutputError);
      try {
        extractJson(text);
      } catch (err) {
        expect((err as ModelOutputError).problem).toBe("invalid_json");
      }
    }
  });
});

describe("refusesTools: a 400 that means this endpoint or model cannot take tools", () => {
  const error = (status: number, message: string) =>
    Anthropic.APIError.generate(
      status,
      { type: "error", error: { type: "invalid_request_error", message } },
      message,
      new Headers(),
    );
  const cases: [string, number, string, boolean][] = [
    ["Ollama, a model without tools", 400, "registry.ollama.ai/library/gemma3:4b does not support tools", true],
    ["llama.cpp without --jinja", 400, "tools param requires --jinja flag", true],
    [
      "vLLM without a parser",
      400,
      '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      true,
    ],
    ["a generic refusal", 400, "tool use is not supported by this model", true],
    ["another 400", 400, "max_tokens: must be at most 8192", false],
    ["a 500 about tools", 500, "tools do not support this", false],
  ];
  for (const [what, status, message, refused] of cases)
    it(`${refused ? "recognises" : "ignores"} ${what}`, () =>
      expect(refusesTools(error(status, message))).toBe(refused));

  it("ignores anything that is not an API error", () => {
    expect(refusesTools(new Error("does not support tools"))).toBe(false);
  });
});
