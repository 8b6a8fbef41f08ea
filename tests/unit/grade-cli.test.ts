import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { discoveryCall, pushyPitch, samplePersona } from "../fixtures/grading/sample-calls";

/** Runs `npm run grade`'s script as a child process, without an API key: the offline rubric. */
function grade(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, ANTHROPIC_API_KEY: "", DATABASE_URL: "" };
    const child = execFile(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/grade.ts", ...args],
      { env, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

const dir = mkdtempSync(join(tmpdir(), "parley-grade-"));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const transcript = (lines: typeof discoveryCall) => ({
  persona: samplePersona,
  turns: lines.map(([speaker, text]) => ({ speaker, text })),
});

describe("npm run grade", () => {
  it("writes its whole output through a pipe to a slow reader, however large (over 1 MB)", async () => {
    const many = JSON.stringify(Array.from({ length: 60 }, () => transcript(discoveryCall)));
    const input = file("many.json", many);
    const out = join(dir, "piped.json");
    // The reader waits before draining: a process that exits before its output drains loses all but 64 KB.
    const cmd = `"${process.execPath}" --conditions=react-server --import tsx scripts/grade.ts "${input}" | (sleep 1; cat > "${out}")`;
    const code = await new Promise<number>((resolve) =>
      execFile(
        "bash",
        ["-c", cmd],
        { env: { ...process.env, ANTHROPIC_API_KEY: "", DATABASE_URL: "" }, timeout: 120_000 },
        (err) => resolve(err ? 1 : 0),
      ),
    );
    expect(code).toBe(0);
    const text = readFileSync(out, "utf8");
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(JSON.parse(text)).toHaveLength(60);
  });

  it("--explain names the rule or model behind each question's label, on standard error", async () => {
    const res = await grade([file("explain.json", JSON.stringify(transcript(discoveryCall))), "--explain"]);
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).questions.length).toBeGreaterThan(0);
    expect(res.stderr).toMatch(
      /turn 1 .*walk me through[\s\S]*<- (?:rule [a-z-]+|model trained on the labelled corpora \(\d+% sure\))/,
    );
  });

  it("prints the grade JSON of one transcript, with every learner question in order", async () => {
    const res = await grade([file("one.json", JSON.stringify(transcript(discoveryCall)))]);
    expect(res.code, res.stderr).toBe(0);
    const g = JSON.parse(res.stdout);
    expect(g).toMatchObject({ status: "graded", grader: "rubric", wpm: null, scenario: { kind: "sales-discovery" } });
    expect(Object.keys(g.feedback)).toEqual(
      expect.arrayContaining(["spin_score", "stage_scores", "communication_score", "strengths"]),
    );
    expect(g.questions.map((q: { turn: number }) => q.turn)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(g.questions[0]).toEqual({
      turn: 1,
      text: expect.stringContaining("walk me through"),
      stage: "situation",
      open: true,
      follow_up: false,
      act: "situation",
      counted: true,
      why: expect.stringMatching(/^(?:rule|model)/),
    });
    expect(g.questions.at(-1).stage).toBeNull();
    expect(g.scorecard.criteria.length).toBeGreaterThan(0);
  });

  it("grades an array from standard input, in the same order, identically on repeat", async () => {
    const input = JSON.stringify([transcript(pushyPitch), transcript(discoveryCall)]);
    const [a, b] = await Promise.all([grade(["-"], input), grade(["-"], input)]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    const [pitch, discovery] = JSON.parse(a.stdout);
    expect(discovery.conversation_score).toBeGreaterThan(pitch.conversation_score);
    expect(pitch.questions.every((q: { stage: string | null }) => q.stage === null)).toBe(true);
  });

  it("reads a one-line transcript (the stage of a single utterance after a buyer turn)", async () => {
    const res = await grade(
      ["-"],
      JSON.stringify({
        persona: { name: "Sam" },
        turns: [
          { speaker: "persona", text: "Our engineers spend Fridays fixing failed deployments." },
          { speaker: "learner", text: "so what does that do to the roadmap" },
        ],
      }),
    );
    expect(res.code, res.stderr).toBe(0);
    expect(JSON.parse(res.stdout).questions).toEqual([
      {
        turn: 1,
        text: "so what does that do to the roadmap",
        stage: "implication",
        open: true,
        follow_up: true,
        act: "implication",
        // The call ends on it, so the buyer never answered: listed, but not counted as discovery.
        counted: false,
        why: expect.stringMatching(/^(?:rule|model)/),
      },
    ]);
  });

  it.each([
    ["not JSON", "{ turns: ", /not valid JSON/],
    [
      "a wrong speaker",
      JSON.stringify({ persona: { name: "Sam" }, turns: [{ speaker: "buyer", text: "hi" }] }),
      /turns\.0\.speaker/,
    ],
    ["no turns", JSON.stringify({ persona: { name: "Sam" } }), /turns/],
    ["an empty array", "[]", /no transcript/],
  ])(
    "answers %s with a clear message on stderr and exit code 2, nothing on stdout",
    async (_name, content, message) => {
      const res = await grade(["-"], content);
      expect(res.code).toBe(2);
      expect(res.stdout).toBe("");
      expect(res.stderr).toMatch(message);
    },
  );

  it("exits 2 for a missing file or no argument", async () => {
    expect((await grade([join(dir, "missing.json")])).code).toBe(2);
    const none = await grade([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/usage/);
  });
});
