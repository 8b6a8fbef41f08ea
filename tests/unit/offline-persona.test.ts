import { describe, expect, it } from "vitest";

import { holdDiscovery, holdPitch, type Send } from "@/bench/persona/learner";
import { decisionOf } from "@/bench/persona/rubric";
import { loadSet } from "@/bench/persona/styles";
import { offlineReply, type TranscriptLine } from "@/lib/conversations/offline-persona";
import { cardOf } from "@/lib/conversations/persona/facts";
import { toFirstPerson } from "@/lib/conversations/persona/first-person";
import { demoRoleplays } from "@/lib/demo/personas";
import { type Persona, personaSchema } from "@/lib/validations/persona";
import { playScript } from "@/tests/helpers/persona";

/** Personas worded the way authors and the auto-generator write them, not only the demo ones. */
const authored: Persona[] = [
  personaSchema.parse({
    name: "Sarah Lee",
    role: "VP of Sales",
    situation:
      "Sarah is the VP of Sales at a mid-market SaaS company. She manages a team of 40 reps and reports to the CEO.",
    background: "Has been in the role for 8 months after moving from a competitor. Skeptical of new tools.",
    pain_points: [
      "Struggles with forecast accuracy every quarter",
      "Lack of visibility into rep activity",
      "New reps take six months to ramp",
    ],
    goals: ["Hit the annual number", "Wants to cut ramp time in half"],
    close: "She would agree to a pilot with one team if the numbers are credible.",
    personality: { concerns: "Worried the reps won't adopt it" },
  }),
  personaSchema.parse({
    name: "Tom Becker",
    role: "Clinic Manager",
    situation: "Oversees three outpatient clinics; his front desk is overwhelmed.",
    background: "Former nurse, promoted to manager four years ago.",
    pain_points: ["His staff spend hours on phone scheduling", "No-shows cost the clinics about $200k a year"],
    goals: ["Reduce no-shows by 30%", "Give his staff time back for patients"],
  }),
];

function sender(persona: Persona, seed: string) {
  const history: TranscriptLine[] = [];
  const send: Send = async (text) => {
    const reply = offlineReply(persona, history, text, seed);
    history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
    return reply;
  };
  return send;
}

/** The field sentences written about the persona (in the third person or without a subject). */
function thirdPersonSentences(persona: Persona): string[] {
  const fields = [persona.situation, persona.background, ...persona.pain_points, ...persona.goals, persona.close ?? ""];
  return fields
    .flatMap((f) => f.split(/(?<=[.;])\s+/))
    .map((s) => s.replace(/[.;]$/, "").trim())
    .filter((s) => THIRD_PERSON.test(s) || SUBJECTLESS.test(s) || s.startsWith(persona.name.split(" ")[0]));
}

const copiedAsSentence = (sentence: string) =>
  new RegExp(`(^|[.?!:]\\s+)${sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i");
const THIRD_PERSON = /\b(he|she|his|her|him|himself|herself)\b/i;
/** Field sentences that start with the persona's verb and no subject ("Runs two warehouses"). */
const SUBJECTLESS =
  /^(runs|has|is|was|would|cannot|hiring|built|values|struggles|oversees|former|twelve|agreed|wants|manages|skeptical)\b/i;
const difficulties = ["easy", "medium", "hard"] as const;
const everyone = [...demoRoleplays.map((d) => d.persona), ...authored];

describe("offline persona: a believable buyer", () => {
  for (const base of everyone) {
    for (const difficulty of difficulties) {
      const persona = { ...base, difficulty };
      it(`${base.name} (${difficulty}): discovery uncovers every pain and reaches the close; a pitch meets pushback`, async () => {
        const discovery = await holdDiscovery(persona, sender(persona, `d-${difficulty}`));
        expect(discovery.uncovered).toEqual(persona.pain_points.map((_, i) => i));
        expect(discovery.agreed).toBe(true);
        const pitch = await holdPitch(persona, sender(persona, `p-${difficulty}`));
        expect(pitch.uncovered).toEqual([]);
        expect(pitch.agreed).toBe(false);
        expect(pitch.pushback).toBe(true);
        for (const { transcript } of [discovery, pitch]) {
          const replies = transcript.filter((l) => l.speaker === "persona").map((l) => l.text);
          expect(new Set(replies).size).toBe(replies.length);
          for (const reply of replies) {
            expect(reply).not.toMatch(THIRD_PERSON);
            for (const sentence of thirdPersonSentences(persona)) expect(reply).not.toMatch(copiedAsSentence(sentence));
          }
        }
      });
    }
  }
});

describe("first person", () => {
  it.each([
    [
      "Runs two regional warehouses shipping about 4,000 orders a day",
      "I run two regional warehouses shipping about 4,000 orders a day",
    ],
    ["Her team spends too long on ad-hoc data requests", "my team spends too long on ad-hoc data requests"],
    ["Cannot show the board what the tool returns", "I can't show the board what the tool returns"],
    ["Hiring her first junior analyst", "I'm hiring my first junior analyst"],
    ["He has been asked to cut software spend by 15%", "I've been asked to cut software spend by 15%"],
    ["Values clear communication over tools", "I value clear communication over tools"],
    ["Carries the pager for the whole region", "I carry the pager for the whole region"],
    [
      "Has fifteen interviews this week and wants someone curious",
      "I have fifteen interviews this week and I want someone curious",
    ],
    ["Dashboards go unused by product managers", "Dashboards go unused by product managers"],
    ["Lack of visibility into inventory levels", "Lack of visibility into inventory levels"],
    // A compound adjective of attitude, and a verb after a colon, are the persona's own.
    ["Payback-driven", "I'm payback-driven"],
    [
      "Consensus-minded: brings the practice managers in early",
      "I'm consensus-minded. I bring the practice managers in early",
    ],
    ["Two reasons: cost and time", "Two reasons: cost and time"],
    // An -ing subject with its own verb stays as written: not "I'm spending over £25,000 goes to...".
    ["Spending over £25,000 goes to a trust committee", "Spending over £25,000 goes to a trust committee"],
    // A second verb after "and" shares the subject (writer BB's card, session 20); a list of nouns stays as it is.
    ["Builds the case and recommends", "I build the case and I recommend"],
    ["Reads every report and approves spend over £5k", "I read every report and I approve spend over £5k"],
    ["Runs two depots and trucks for retail clients", "I run two depots and trucks for retail clients"],
    // A participle after a passive carries on the passive: not "...in Excel and I printed on paper" (writer H, dev).
    [
      "Routes are planned by 2 supervisors in Excel and printed on paper each Monday",
      "Routes are planned by 2 supervisors in Excel and printed on paper each Monday",
    ],
  ])("%s", (field, spoken) => {
    expect(
      toFirstPerson(field)
        .map((s) => s.text)
        .join(". "),
    ).toBe(spoken);
  });

  it("speaks the persona's own name as 'my', and keeps 'most of them' with the noun it points at", () => {
    expect(
      toFirstPerson("Complaints end up on Gareth's phone in the evenings", "Gareth Pryce")
        .map((s) => s.text)
        .join(". "),
    ).toBe("Complaints end up on my phone in the evenings");
    expect(
      toFirstPerson("Runs three branches with 11 instructors, most of them self-employed franchisees", "Jo Whitaker")
        .map((s) => s.text)
        .join(". "),
    ).toBe("I run three branches with 11 instructors, most of them self-employed franchisees");
  });

  it("splits an appositive background into short first-person sentences", () => {
    expect(
      toFirstPerson("Former auditor, careful with numbers, did not sign the original deal and inherited the tool").map(
        (s) => s.text,
      ),
    ).toEqual([
      "I'm a former auditor",
      "I'm careful with numbers",
      "I didn't sign the original deal and I inherited the tool",
    ]);
  });

  // Every writer's cards had one: "I receptionist at 6 of the 9 salons", "I complaint to the Financial Ombudsman
  // rose", "I no-show about 11%", "I'm open days" (writers B, N, P, R, U and W; found reading writer W's replies).
  it("keeps a plural noun, a label before a colon and a list in brackets as they are; a verb still becomes 'I ...'", () => {
    const said = (text: string) => toFirstPerson(text, "Karen Doyle").map((s) => s.text);
    expect(said("Receptionists at 6 of the 9 salons")).toEqual(["Receptionists at 6 of the 9 salons"]);
    expect(said("Complaints to the Financial Ombudsman rose from 14 to 31 last year")[0]).toMatch(/^Complaints to/);
    expect(said("Pupils without a device sit out parts of lessons")[0]).toMatch(/^Pupils without/);
    expect(said("Owners who hang up ring their local practice directly")[0]).toMatch(/^Owners who/);
    expect(said("No-shows: about 11% of the 1,400 monthly grooms")[0]).toMatch(/^No-shows: about 11%/);
    expect(said("Demand swings Karen cannot predict, exam weeks, open days, rain").join(" ")).not.toMatch(/I'm open/);
    expect(said("Handles about 140 service and repair calls a day")).toEqual([
      "I handle about 140 service and repair calls a day",
    ]);
    expect(said("Oversees 14 crews")).toEqual(["I oversee 14 crews"]);
    expect(said("Plans routes by hand")).toEqual(["I plan routes by hand"]);
    expect(said("Lead nurse at a small practice")).toEqual(["I'm a lead nurse at a small practice"]);
  });
});

const play = (persona: Persona, script: string[], seed = "s") => playScript(persona, script, seed);

describe("offline persona: answers the question asked", () => {
  const dana = demoRoleplays[0].persona;
  /** Writer W's cards (dev): the reply to a follow-up after a greeting and one question. */
  const writerW = loadSet("writer-w").personas;
  const followUp = (id: string, question: string, then: string) =>
    play(writerW[id], [`Hi ${writerW[id].name.split(" ")[0]}, thanks for your time.`, question, then])[2];
  /** A writer's script played through the persona: its turns and the replies, by script id. */
  const playScript = (set: string, id: string) => {
    const { personas, scripts } = loadSet(set);
    const script = scripts.find((x) => x.id === id)!;
    const turns = script.turns.map((t) => t.text);
    return { turns, replies: play(personas[script.persona], turns, script.id) };
  };

  it("reads situation questions without a question mark and in indirect forms", () => {
    const [a] = play(dana, ["Walk me through how orders flow through your warehouses"]);
    expect(a).toContain("I run two regional warehouses");
    expect(a).not.toMatch(/guarded|cold email/);
    const [, b] = play(dana, ["Hello", "I'm curious how your day is organised"]);
    expect(b).not.toMatch(/^(Sorry|I'm not sure I follow)/);
  });

  it("holds pains back until asked, then gives one at a time; a question naming one gets that one", () => {
    const replies = play(dana, [
      "Hello",
      "Tell me about your operation",
      "How has the overtime budget been this year?",
    ]);
    expect(replies[1]).not.toMatch(/overtime|cut-off|pick-list/i);
    expect(replies[2]).toMatch(/overtime costs[\w ,']* up 30%/);
    expect(replies[2]).not.toMatch(/cut-off|pick-list/);
  });

  it("a hard persona deflects the first problem question; an easy one answers it", () => {
    const script = ["Hello", "What's the biggest problem you have?"];
    expect(play({ ...dana, difficulty: "hard" }, script)[1]).not.toMatch(/cut-off|pick-list|overtime/);
    expect(play({ ...dana, difficulty: "easy" }, script)[1]).toMatch(/cut-off|pick-list|overtime/);
  });

  it("talks about the consequences of the pain under discussion, then what solving it would mean", () => {
    const replies = play(dana, [
      "Hello",
      "Tell me about your operation",
      "What's the hardest part?",
      "What does that cost you",
      "If that were fixed, what would it mean for you?",
    ]);
    expect(replies[3]).toMatch(/late|downstream|catch up/);
    expect(replies[4]).toMatch(/ship 99% of orders same day|cut overtime back/);
  });

  it("asked what a pain it told leads to, says what follows, never the pain again in the question's words", () => {
    // Dana's cut-off pain is one sentence: "when those orders miss the cut-off" restates it, so the
    // answer is what it leads to, with or without punctuation.
    for (const question of [
      "When those orders miss the cut-off, what happens next?",
      "when those orders miss the cut off what happens next",
    ]) {
      const replies = play(dana, ["Hello", "What's the biggest headache during peak?", question]);
      expect(replies[1]).toMatch(/cut-off/);
      expect(replies[2]).not.toMatch(/cut-off|6%|As I said|Like I mentioned|Again/);
      expect(replies[2]).toMatch(/late|downstream|catch up|scrambl/);
    }
    // A pain told in two parts: the condition names the first, the answer is the second.
    const ferry = personaSchema.parse({
      name: "Bram Visser",
      role: "Fleet Operations Manager",
      situation: "Runs crew rostering for a ferry operator with six vessels.",
      background: "Former captain, twenty years at sea.",
      pain_points: [
        "The spring audit found 11 gaps in rest-hour records. A re-audit is due in 5 months and a second failure could lead to a detention order on a vessel.",
      ],
      goals: ["Pass the re-audit with no findings"],
    });
    const told = play(ferry, [
      "Hi Bram",
      "How did the spring audit go?",
      "what happens if the re-audit goes badly too",
    ]);
    expect(told[1]).toMatch(/11 gaps/);
    expect(told[2]).toMatch(/detention order/);
    // A question in the pain's own later words gets that part: "the phone lines" -> "the lines are busy".
    const clinic = personaSchema.parse({
      name: "Tom Becker",
      role: "Clinic Manager",
      situation: "Oversees three physiotherapy clinics.",
      background: "Former physiotherapist.",
      pain_points: [
        "The receptionists spend the first two hours of every morning phoning patients to confirm and rebook. So the lines are busy and patients can't get through.",
      ],
      goals: ["Free the front desk's mornings"],
    });
    const lines = play(clinic, [
      "Hi Tom",
      "What takes up the receptionists' mornings?",
      "ok and what does that do to the phone lines",
    ]);
    expect(lines[2]).toMatch(/lines are busy/);
    expect(lines[2]).not.toMatch(/two hours|2 hours/);
    // Asked what it costs, the part with the money in it (writer A's clinic script, dev).
    const { personas, scripts } = loadSet("dev");
    const script = scripts.find((x) => x.id === "sA-24")!;
    const turns = script.turns.map((t) => t.text);
    const asked = turns.findIndex((t) => /cost you each month/.test(t));
    const cost = play(personas[script.persona], turns.slice(0, asked + 1), script.id);
    expect(cost[asked]).toMatch(/£12k/);
    expect(cost[asked]).not.toMatch(/12%/);
  });

  it("answers a question about its life outside work with a friendly non-answer, never a card fact", () => {
    for (const question of ["what car do you drive", "btw where's the best fish and chips round there?"]) {
      const replies = play(dana, ["Hello", "How are things in the warehouses?", question]);
      expect(replies[2]).not.toMatch(/cut-off|pick-list|overtime|warehouse|orders/i);
      expect(replies[2]).toMatch(/^Ha\b/);
    }
    // "What's your favourite part of the job?" is about work: not waved away.
    const [, , work] = play(dana, ["Hello", "How are things in the warehouses?", "what's the hardest part of the job"]);
    expect(work).not.toMatch(/^Ha\b/);
  });

  it("answers the card's own fields when asked for them: background, company, how it decides", () => {
    const replies = play(dana, [
      "Hello",
      "what's your background",
      "and what's the company like",
      "how do you make decisions on new tools",
    ]);
    expect(replies[1]).toMatch(/twelve years in logistics|shift supervisor/);
    expect(replies[1]).not.toMatch(/warehouses/);
    expect(replies[2]).toMatch(/Harbor & Pine|outdoor retail|350 employees/);
    expect(replies[3]).toMatch(/numbers|low-risk first step/);
    // A card that says nothing on how it decides: an answer in character that reveals nothing, not "I'd have to check".
    const marcus = demoRoleplays[1].persona;
    const [, decides] = play(marcus, ["Hello", "how do you make decisions on new tools"]);
    expect(decides).not.toMatch(/check|to hand|seats|board|renews/i);
  });

  it("hears a nervous 'is this still okay?' as a question about the call, and a hedged trial offer as a proposal", () => {
    const [hello] = play(dana, ["Hi Dana, um, sorry, thank you so much for your time. Sorry, is this still okay?"]);
    expect(hello).not.toMatch(/check|to hand|offhand/);
    const replies = play(dana, [
      "Hello",
      "What's the hardest part of peak?",
      "What does that cost you?",
      "Okay, that's good to know, thank you. Um. Would you maybe be open to trying it at one warehouse for a few weeks? No pressure at all.",
    ]);
    // Whatever the answer, it is unmistakably a yes or a not-yet.
    expect(replies[3]).toMatch(/^(Dana here\. )?(Yes|Deal|Agreed|Let's do|Not yet|No|Not now)\b/);
    // "I was hoping you could tell me..." asks how things run, not what the buyer hopes for.
    const [, hoping] = play(dana, [
      "Hello",
      "Um, so I was hoping you could, um, tell me a bit about how the warehouses run?",
    ]);
    expect(hoping).toMatch(/warehouses/);
    expect(hoping).not.toMatch(/I want to/);
  });

  it("answers a process question the card does not cover in character, not with the fact it already told (session 13 review)", () => {
    const replies = play(dana, [
      "hey dana thanks for hopping on um so i guess to start like can you just walk me through how orders actually move through your two warehouses",
      "okay gotcha and um how do you decide which warehouse picks which order like is that automatic or is somebody kind of eyeballing it",
      "How are orders entered into your system when they come in?",
    ]);
    expect(replies[0]).toMatch(/4,000 orders/);
    for (const reply of replies.slice(1)) {
      expect(reply).not.toMatch(/4,000|regional warehouses/);
      expect(reply).toMatch(/team|check|detail|to hand/i);
    }
  });

  it("asked to count a thing its card never mentions, says it does not know, whatever chat came before (writer K's ferry script, dev)", () => {
    // "ok ok, work stuff. how much diesel do your boats burn a day?" got "I want to see it work on a real
    // roster" (the chat's "work"), then the next pain once a quantity question counted as a problem question.
    const { replies } = playScript("writer-k", "K-15");
    expect(replies[2]).toMatch(/check|couldn't tell|couldn't give you a figure|to hand|don't know/i);
    expect(replies[2]).not.toMatch(/roster|audit|rest-hour|overtime/i);
  });

  it("hears 'how many time this is happening' as the figure of the pain on the table (a Spanish speaker, session 13 review)", () => {
    const replies = play(dana, [
      "Hello Dana, thank you for your time today. I want to understand more about your operation, if is okay for you.",
      "I understand. What is the most big problem you are having in this moment with the shipping?",
      "How many time this is happening? Every day, or more in the high season, like in the winter or the summer?",
    ]);
    expect(replies[1]).toMatch(/6% of orders/);
    expect(replies[2]).toMatch(/6% of orders/);
    expect(replies[2]).not.toMatch(/I want to/);
  });

  it("counts a cost question it could not answer as asked: no 'you don't see what this is costing us' after it (session 13 review)", () => {
    const replies = play(dana, [
      "Hi Dana, thanks for taking the call. To start, how does an order get routed to one of your two warehouses today?",
      "And where does that break down? What are the most common problems your team deals with?",
      "How much is that costing you, whether in extra shipping, labour, or lost customers?",
      "If you could fix that, what would it mean for you personally and for the business this year?",
      "Who else feels this pain? Would your warehouse managers or the finance team have a view on it?",
      "Here's what I'd suggest: let's book 45 minutes next Tuesday at 10am with you, your two warehouse managers, and someone from finance.",
    ]);
    expect(replies[5]).toMatch(/^(Dana here\. )?(Yes|Deal|Agreed|Let's do|Not yet|No|Not now)\b/);
    expect(replies[5]).not.toMatch(/costing us/);
  });

  it("keeps a name's capital, and hears 'how many people do the booking' as a part of the team, not the company's size (writers H and K, dev)", () => {
    for (const reply of playScript("writer-h", "H-10").replies) expect(reply).not.toMatch(/\bpriya\b/);
    // ...and never turns a word into a name: the school district's card says "IT team", not "It".
    for (const reply of playScript("writer-d", "D-03").replies) expect(reply).not.toMatch(/[a-z,] It\b/);
    const { turns, replies } = playScript("writer-k", "K-01");
    expect(replies[turns.findIndex((t) => /How many people on your team/.test(t))]).not.toMatch(/In size|140 staff/);
  });

  it("asked how many people do one part of the work, says the card's count of them, or that it would have to count (writers A and K, dev)", () => {
    // "How many people on your team are involved in scheduling?" got the blood service's bookings process; the
    // card's background says "Leads a team of 6 schedulers/callers".
    for (const [id, asked] of [
      ["K-01", /How many people on your team/],
      ["K-06", /How many staff in your team/],
    ] as const) {
      const { turns, replies } = playScript("writer-k", id);
      const reply = replies[turns.findIndex((t) => asked.test(t))];
      expect(reply).toMatch(/6 schedulers/);
      expect(reply).not.toMatch(/140 staff|web form/);
    }
    // "the front desk" is the receptionists, in related words.
    const { turns, replies } = playScript("dev", "sA-10");
    expect(replies[turns.findIndex((t) => /how many people/.test(t))]).toMatch(/([Ff]our|4) receptionists/);
    // A card that counts nobody doing the work: an honest non-answer, never the company's size.
    const card = { ...dana, background: "Twelve years in logistics.", situation: "Runs two regional warehouses." };
    const reply = play(card, ["how many people do the picking at each warehouse"])[0];
    expect(reply).toMatch(/count|few people|handful/i);
    expect(reply).not.toMatch(/staff|revenue|\$/);
  });

  it("knows which pain 'that gap' is by the learner's own word for it, after the talk moved on (writer A, dev)", () => {
    // The learner called the food-cost overrun "that gap", then asked about waste, then "what does that gap come
    // to in pounds?": the overrun's figure, not the waste again.
    const { turns, replies } = playScript("dev", "sA-03");
    const reply = replies[turns.findIndex((t) => /that gap come to/.test(t))];
    expect(reply).toMatch(/£450k/);
    expect(reply).not.toMatch(/£600|spoiled/);
  });

  it("asked what other organisations do, says it cannot know, and still answers 'what other problems' (writer H, dev)", () => {
    // "do you know how other councils handle that" got "Complaints end up on my phone in the evenings".
    const { turns, replies } = playScript("writer-h", "H-25");
    const reply = replies[turns.findIndex((t) => /other councils/.test(t))];
    expect(reply).toMatch(/what others do|other firms/);
    const [first, other] = play(dana, [
      "what gets in the way when orders pile up at peak?",
      "what other problems do you run into?",
    ]);
    expect(first).not.toMatch(/what others do|other firms/);
    expect(other).not.toMatch(/what others do|other firms/);
  });

  it("asked how many of something it has, gives the card's count of that thing, never a target (writers A and H, dev)", () => {
    const at = (set: string, id: string, asked: RegExp) => {
      const { turns, replies } = playScript(set, id);
      return replies[turns.findIndex((t) => asked.test(t))];
    };
    // "how many wholesale accounts you got at the mo": the 85 it manages, not the aim of growing to 130.
    expect(at("writer-h", "H-07", /how many wholesale accounts/)).toMatch(/85 wholesale/);
    expect(at("writer-h", "H-07", /how many wholesale accounts/)).not.toMatch(/130|want to grow/);
    expect(at("writer-h", "H-16", /How many patient meals/)).toMatch(/1,700 patient meals/);
    expect(at("dev", "sA-02", /how many appointments/)).toMatch(/1,900 appointments/);
  });

  it("hears 'who is involved in that planning?' as who does the work, 'who is involved in choosing a supplier?' as who decides, and 'what would worry you about changing...' as its worries (writer H, dev)", () => {
    const { turns, replies } = playScript("writer-h", "H-01");
    const planning = replies[turns.findIndex((t) => /Who is involved in that planning/.test(t))];
    expect(planning).toMatch(/supervisors/);
    expect(planning).not.toMatch(/sign off|£10,000/);
    // "Apart from cost, what would worry you about changing how routes are planned?" asks for its worries, not the
    // route-planning pain its words name ("Again, route planning is manual.").
    const worry = replies[turns.findIndex((t) => /what would worry you about changing/.test(t))];
    expect(worry).toMatch(/worries me|tablets/);
    expect(worry).not.toMatch(/planning is manual/);
    const card = loadSet("writer-h").personas[loadSet("writer-h").scripts.find((x) => x.id === "H-01")!.persona];
    const [, buying] = play(card, ["hi", "Who is involved in choosing a supplier for something like this?"], "who");
    expect(buying).toMatch(/sign off|£10,000|managing director/i);
  });

  it("hears 'heres what i reckon ... sound alright', '...you walk away deal', a day asked for and 'could I check back' as proposals, and 'no long contract' as no contract (writers H, K and W, dev)", () => {
    for (const id of ["H-17", "H-25"]) {
      const { turns, replies } = playScript("writer-h", id);
      const proposal =
        replies[turns.findIndex((t) => /^(?:yeah fair so heres what i reckon|right heres the plan)/.test(t))];
      expect(proposal, id).toMatch(/^(?:Yes|Deal|Agreed|Let's do)\b/);
    }
    // A day asked for, a pilot that "would be perfect for u" and "could I check back with you" are steps proposed:
    // a yes or a no, never "I'd have to check that" or "Go on." (writers H, K and W, dev).
    for (const [set, id, asked] of [
      ["writer-h", "H-19", /^Which day is convenient/],
      ["writer-k", "K-16", /a pilot on one rout would be perfect/],
      ["writer-w", "w-14", /check back with you before March/],
    ] as const) {
      const { turns, replies } = playScript(set, id);
      expect(replies[turns.findIndex((t) => asked.test(t))], id).toMatch(/^(?:Yes|Deal|Agreed|Let's do|Not yet|No)\b/);
    }
  });

  it("meets a leading pitch question ('wouldnt it be mint if...', 'would you agree that...', 'sound like something you'd use?') with pushback, never a pain (writers H, BB and DD, dev)", () => {
    for (const [set, id, asked] of [
      ["writer-h", "H-07", /^wouldnt it be mint/],
      ["writer-dd", "writer-dd-30", /^wouldn't it be great/],
      ["writer-bb", "writer-bb-30", /^Would you agree that/],
      ["writer-dd", "writer-dd-10", /sound like something you'd use/],
    ] as const) {
      const { turns, replies } = playScript(set, id);
      const reply = replies[turns.findIndex((t) => asked.test(t))];
      expect(reply, id).toMatch(/^(?:Maybe|Hold on|Everyone says|Could be|That's your side|Be specific)\b/);
      expect(reply, id).not.toMatch(/\d/);
    }
  });

  it("answers 'have you tried any software for this before?' with the card's earlier attempt, not a pain (writers H and BB, dev)", () => {
    for (const [set, id, asked, attempt] of [
      ["writer-h", "H-11", /^Have you tried any software/, /ERP project|2022/],
      ["writer-h", "H-05", /has anything like this been tried/, /telematics|2021/],
      ["writer-bb", "writer-bb-22", /^Did you try before some software/, /dropped|ignored/],
    ] as const) {
      const { turns, replies } = playScript(set, id);
      expect(replies[turns.findIndex((t) => asked.test(t))], id).toMatch(attempt);
    }
  });

  it("hears a step proposed in other words as a proposal, and says yes or no to it (writers H and K, dev)", () => {
    for (const [set, id, asked] of [
      ["writer-k", "K-40", /half day with your finance controller/],
      ["writer-k", "K-20", /would it be better if I talked/],
      ["writer-h", "H-07", /can i grab your email/],
    ] as const) {
      const { turns, replies } = playScript(set, id);
      expect(replies[turns.findIndex((t) => asked.test(t))]).toMatch(
        /^(\w+ here\. )?(Yes|Agreed|Deal|Let's do|Not yet|No|Not now)\b/,
      );
    }
  });

  it("asked why the pain on the table happens, gives the card's reason or an honest one, not the next pain (writer L, read)", () => {
    const [, , why] = play(dana, [
      "what gets in the way at peak?",
      "and what happens then, when they miss it?",
      "oh wow. sorry, how does that happen, usually?",
    ]);
    expect(why).not.toMatch(/pick-list|overtime|complain/i);
    const { turns, replies } = playScript("writer-l", "wl-27");
    expect(replies[turns.findIndex((t) => /so why not/.test(t))]).not.toMatch(
      /patched it|kept up with how much|always been done/,
    );
  });

  it("hears a question after a remark and a rising statement, and an apology before a new proposal (writer L, read in the session 13 review)", () => {
    const w10 = playScript("writer-l", "wl-10");
    // "...a ton of applications, what's the number these days" and "...that all goes into one inbox?".
    expect(w10.replies[1]).toMatch(/26,000 applications/);
    expect(w10.replies[2]).toMatch(/inbox/);
    const w26 = playScript("writer-l", "wl-26");
    const sorry = w26.turns.findIndex((t) => /came out wrong/.test(t));
    expect(w26.replies[sorry]).toMatch(/^(Not yet|No|Not now)\b/);
  });

  it("answers small talk, who else a pain reaches, a typed 'sory i meant' and who decides, in words from the session 14 review (dev)", () => {
    const r = play(dana, [
      "hi dana, hows your week going",
      "so how do orders get from the warehouse onto the trucks today",
      "what tends to go wrong with that",
      "what does it cost you when orders miss the truck",
      "who else is feeling that besides you",
      "sory i meant who else is feeling the pain from the late orders",
      "is it you alone who decides or also the COO",
      "what car do you drive",
    ]);
    // Small talk gets small talk back before the purpose of the call.
    expect(r[0]).toMatch(/fine|busy|not bad|flat out/i);
    // The 6% is a rate, not a cost: what missing the truck costs is not the same figure again.
    expect(r[3]).not.toMatch(/6%/);
    // Who else feels it is about people, never the next pain or an aim.
    for (const who of [r[4], r[5]]) {
      expect(who).not.toMatch(/pick-list|overtime|99%|I want/i);
      expect(who).toMatch(/people|team|customers|finance|desk|the one/i);
    }
    // "You alone, or also the COO?" is answered as who, then how the persona decides.
    expect(r[6]).toMatch(/^(It starts with me|I'm the first person)/);
    expect(r[6]).toMatch(/numbers/);
    expect(r[7]).not.toMatch(/pick/i);
    // A pain whose card line names who finds it: them.
    const [, , , hit] = play(dana, [
      "Hello",
      "walk me through the operation",
      "how about errors in picking, does that happen",
      "who's getting hit by that",
    ]);
    expect(hit).toMatch(/^Customers\b/);
  });

  it("answers a question about a problem without tacking on its worry, even when hard (dev non-sequiturs of writers A, D, H, K)", () => {
    const hard = { ...dana, difficulty: "hard" as const };
    const replies = play(hard, [
      "Hi Dana, thanks for the time.",
      "How do orders get out of the warehouses today?",
      "What gets in the way at peak?",
      "What else is hard right now?",
      "And anything else?",
      "How are the pick lists checked?",
    ]);
    for (const r of replies) expect(r).not.toMatch(/long implementation|worr/i);
  });

  it("hears where the persona wants to be next year as a question about its aims, however 'do you' is spelt (writer H, dev)", () => {
    for (const q of [
      "where d'you want the warehouses to be this time next year?",
      "where do you see the team in two years",
    ]) {
      const [, , aim] = play(dana, [
        "Hi Dana, thanks for the time.",
        "How do orders get out of the warehouses today?",
        q,
      ]);
      expect(aim, q).toMatch(/99%|overtime back|same day/);
    }
  });

  it("greets back a lower-case 'hey marcus hows things', and says who else feels it after a told fact (session 15 review, Marcus)", () => {
    const marcus = demoRoleplays[1].persona;
    const [hello] = play(marcus, ["hey marcus hows things"]);
    expect(hello).toMatch(/fine|busy|not bad/i);
    const r = play(marcus, [
      "hi marcus, thanks for the time",
      "what is not working good for your team with it",
      "who else feels that besides finance",
    ]);
    expect(r[2]).not.toMatch(/couldn't tell you|have to check/);
    expect(r[2]).toMatch(/team|people|the one|desk/i);
  });

  it("does not name the firms its customers leave for, however the question is put (writer R's scripts, read in the review)", () => {
    for (const q of ["to which company they go?", "which agency are they going to, the big online ones?"]) {
      const [, , reply] = play(dana, [
        "Hi Dana, thanks for the time.",
        "How do orders get out of the warehouses today?",
        q,
      ]);
      expect(reply, q).toMatch(/other firms|what others do|competitor|couldn't say|not something/i);
      expect(reply, q).not.toMatch(/6%|4,000|pick-list|overtime/);
    }
  });

  it("asked for a figure its card does not have, says it would have to check, never another of its numbers (writer W, dev)", () => {
    const graham = writerW.pW2;
    const ask = (question: string) => play(graham, ["Hi Graham, thanks for the time.", question])[1];
    for (const question of [
      "How many passengers are you expecting in 2030?",
      "How many vehicles exit the Long Stay on an average weekday evening?",
    ]) {
      const reply = ask(question);
      expect(reply, question).toMatch(/figure|number|check|pull that/i);
      expect(reply, question).not.toMatch(/\d/);
    }
    // The card's own figures are still given, in the learner's words too.
    expect(ask("How many passengers go through the airport in a year?")).toMatch(/1\.9 million/);
    expect(ask("how many staff do you have")).toMatch(/640/);
    expect(ask("How many spaces does the Long Stay have?")).toMatch(/2,300/);
  });

  it("hears a question with no words of its own ('roughly how long? per week?') as about what it just said (writer W, dev)", () => {
    const siobhan = followUp(
      "pW3",
      "Do your managers find ordering takes a long time?",
      "Roughly how long, would you say? Per week?",
    );
    expect(siobhan).toMatch(/6 hours/);
    expect(siobhan).not.toMatch(/demand|sandwiches|exam/i);
    const waste = followUp(
      "pW3",
      "How much of what you produce gets thrown away?",
      "Oh, right, that's quite a lot. Sorry, is that per year or, um, per term?",
    );
    expect(waste).toMatch(/£310,000 (a|every) year/);
    const dean = followUp(
      "pW4",
      "When a day gets rained off, what do you have to do?",
      "That sounds like a lot. Sorry, how long does that usually take?",
    );
    expect(dean).toMatch(/most of a morning/);
    expect(dean).not.toMatch(/scaffolds go up|£150/i);
  });

  it("hears 'customers don't come', 'they not come' and 'not turn up' as its no-shows, not as customers turned away (writer W, dev)", () => {
    for (const question of [
      "And, um, how many customers don't come, per month?",
      "How many customers they not come in one month",
      // "not turn up" is no word about "turned away" (it was, and got the other pain).
      "Roughly how often does a customer simply not turn up for their appointment?",
      "how many no shows do you get in a month",
    ]) {
      const reply = followUp("pW1", "How do customers book with you today?", question);
      expect(reply, question).toMatch(/no-show|11%|150 a month/i);
      expect(reply, question).not.toMatch(/turned away/i);
    }
  });

  it("answers 'how has the start of term been?' as small talk, 'who else needs to say yes?' with who decides and 'do you send reminders?' as a question (writer W, dev)", () => {
    const [hello] = play(writerW.pW3, ["Hello Siobhan, thanks for seeing me. How has the start of term been?"]);
    expect(hello).not.toMatch(/\d/);
    const who = followUp(
      "pW1",
      "How do customers book with you today?",
      "who else needs to say yes to this kind of thing",
    );
    expect(who).toMatch(/Raj|owner|decide|sign/i);
    // "Not now, no. I don't think you've got the full picture yet." to a question about reminders.
    const reminders = followUp(
      "pW1",
      "How do customers book with you today?",
      "Right, um, do you send reminders or, um, not really?",
    );
    expect(reminders).toMatch(/reminder/i);
    expect(reminders).not.toMatch(/^(not now|not yet|no\b|yes\b)/i);
  });

  it("confirms a read-back of what it told ('sounds like ..., fair?') and hears 'speak thursday' as goodbye (Dana, session 17 review)", () => {
    const replies = play(dana, [
      "hey dana its sam from pickright, got a sec",
      "what happens when an order misses the cut off",
      "how do the pick lists get made",
      "ok so sounds like late orders and pick errors are costing you overtime, fair?",
      "cheers dana, speak thursday",
    ]);
    expect(replies[3]).toMatch(/^(yes|roughly|more or less)/i);
    expect(replies[4]).toMatch(/bye|soon|take care/i);
  });

  it("counts a what-would-it-be-worth question it went past as asked, so the earned step is agreed (writer BB, dev)", () => {
    const { personas, scripts } = loadSet("writer-bb", (s) => s.id === "writer-bb-12");
    const script = scripts[0];
    const replies = play(
      personas[script.persona],
      script.turns.map((t) => t.text),
    );
    const proposal = script.turns.findIndex((t) => t.asks === "proposal");
    // It got "Not yet: you don't know yet what I'm actually trying to achieve." after the learner asked exactly that.
    expect(decisionOf(replies[proposal])).toBe("yes");
    // A nervous learner's "what would you need to see first?" asks about the sale, not the value: the trial
    // after one problem question is still not earned (writer D, dev).
    const d = loadSet("writer-d", (s) => s.id === "D-14");
    const nervous = play(
      d.personas[d.scripts[0].persona],
      d.scripts[0].turns.map((t) => t.text),
    );
    expect(decisionOf(nervous.at(-2)!)).not.toBe("yes");
  });

  it("agrees when the learner has covered what its card says earns the close, in their own words (writer BB, dev)", () => {
    // pBB2's close: "...if the seller understands the credits and the linen loss and talks about payback".
    const { personas, scripts } = loadSet("writer-bb", (s) => s.id === "writer-bb-10");
    const replies = play(
      personas[scripts[0].persona],
      scripts[0].turns.map((t) => t.text),
    );
    const proposal = scripts[0].turns.findIndex((t) => t.asks === "proposal");
    // It got "No, not yet. I'm not sure you see what this is costing us yet."
    expect(decisionOf(replies[proposal])).toBe("yes");
    // A pitch-first learner who asks for a demo after one question is still told no (writer A, dev).
    const a = loadSet("dev", (s) => s.id === "sA-22");
    const pushy = play(
      a.personas[a.scripts[0].persona],
      a.scripts[0].turns.map((t) => t.text),
    );
    expect(decisionOf(pushy[a.scripts[0].turns.findIndex((t) => t.asks === "proposal")])).toBe("no");
  });

  it("hears a goodbye without its article ('have nice day') as a goodbye (Marcus, session 19 review)", () => {
    const marcus = demoRoleplays[1].persona;
    const replies = play(marcus, [
      "hi marcus",
      "how many of the licence is really used in this moment",
      "thank you very much, have nice day",
    ]);
    expect(replies[2]).toMatch(/bye|soon|take care/i);
    expect(replies[2]).not.toMatch(/can't complain|what did you want/i);
  });

  it("hears what a correction did not mean, says note-style figures as speech, and hears a closing apology as goodbye (writer DD, dev)", () => {
    const maureen = loadSet("writer-dd").personas["writer-dd-p1"];
    const replies = play(maureen, [
      "Hi Maureen, sorry, can you hear me okay?",
      "Right, and the crews - how many of them are there, roughly?",
      "Sorry, I meant how many vehicles, not people - like, how many ambulances are out on a normal day?",
      "We've got this great feature where patients get a text when the ambulance is ten minutes out, people love it",
      "What's your budget for this year?",
      "Okay, thank you so much, sorry for taking up your morning.",
    ]);
    // It said the staff numbers again ("In size, we're around 3,200 staff").
    expect(replies[2]).toMatch(/14 ambulances/);
    expect(replies[2]).not.toMatch(/3,200/);
    // "this great feature where..." is one pitch, not a pitch and a question about patients.
    expect(replies[3]).not.toMatch(/since you ask/i);
    // "Revenue is around ~GBP 310m": the note's shorthand and a double hedge, aloud.
    expect(replies[4]).not.toMatch(/~|GBP|around about/);
    expect(replies[5]).toMatch(/bye|take care|speak soon/i);
    expect(replies[5]).not.toMatch(/what's on your mind/i);
  });

  it("knows a word its card has in another form: 'the renewal' is the contract that 'renews' (Marcus, session 17 review)", () => {
    const marcus = demoRoleplays[1].persona;
    const [, reply] = play(marcus, ["hi marcus", "and the renewal, when it comes up exactly"]);
    expect(reply).toMatch(/30 days/);
  });

  it("gives a moment of its time when asked for one, confirms a read-back that ends 'fair?' without a mark, and hears 'who decides which tools get cut' as who decides (Marcus, session 18)", () => {
    const marcus = demoRoleplays[1].persona;
    const replies = play(marcus, [
      "hi marcus, have you got five minutes",
      "what's going on with the renewal on your side",
      "and what's the hardest part of that",
      "sounds like you need to cut 15% and prove the value, fair",
      "who decides which tools get cut",
    ]);
    // It was heard as a pitch: "You're telling me what you've got before you know what we need."
    expect(replies[0]).toMatch(/minutes|briefly|yes/i);
    expect(replies[0]).not.toMatch(/telling me what you've got/i);
    expect(replies[3]).toMatch(/^(yes|roughly|more or less)/i);
    // It named a tool nobody asked for: "Whatever was set up years ago."
    expect(replies[4]).not.toMatch(/set up years ago|name offhand/i);
    expect(replies[4]).toMatch(/numbers|decide|sign|board|case|me\b/i);
  });

  it("hears 'I would like to show you a demo... how about next Tuesday?' as a proposal (writer Y's Japanese learner, read in review)", () => {
    const replies = play(writerW.pW1, [
      "Hi Karen, thanks for your time.",
      "How do customers book with you today?",
      "If possible, I would like to show you demo at one salon. How about next Tuesday or Wednesday?",
    ]);
    expect(replies[2]).toMatch(/^(yes|agreed|deal|not yet|no\b|not now)/i);
  });

  it("reads a question typed without a question mark as asked, and never hears 'online booking' as a proposal (writer W, dev)", () => {
    const karen = followUp(
      "pW1",
      "How do customers book with you today?",
      "Something make you worry about online booking",
    );
    // It agreed to a demo and a trial nobody had proposed.
    expect(karen).not.toMatch(/^(yes|agreed)|demo|trial/i);
    expect(karen).toMatch(/worr|older customers|app/i);
    const siobhan = followUp(
      "pW3",
      "How do the outlets order their food today?",
      "and they use the till numbers for that or more like gut feel",
    );
    expect(siobhan).toMatch(/till data|gut feel/i);
    // A claim ended with a full stop stays a statement: no figure is volunteered for it.
    const claim = play(writerW.pW3, ["Hello Siobhan, thanks for your time.", "We're used by forty universities."]);
    expect(claim[1]).not.toMatch(/\d/);
  });

  it("does not answer a question about a thing its card never mentions with a fact that shares another word (dev off-script scripts)", () => {
    const offCard = [
      "what car do you drive, bet it's something flash",
      "what's the pass rate at your busiest warehouse?",
      "how much diesel do your trucks burn a day?",
    ];
    for (const question of offCard) {
      const [, reply] = play(dana, ["Hi Dana, thanks for the time.", question]);
      expect(reply, question).not.toMatch(/4,000|6%|pick-list|overtime|twelve years|warehouses shipping/i);
    }
    // What the card does say is still answered, in the card's words or others.
    const onCard = [
      ["how many orders do you ship a day?", /4,000/],
      ["what's the biggest warehouse like, how many orders a day?", /4,000/],
      ["how many orders miss the cut-off in peak weeks?", /6%/],
    ] as const;
    for (const [question, answer] of onCard) {
      const [, reply] = play(dana, ["Hi Dana, thanks for the time.", question]);
      expect(reply, question).toMatch(answer);
    }
  });

  it("asked which software it runs, names the tool the card names, else says so in character (writers A and L)", () => {
    const w19 = playScript("writer-l", "wl-19");
    expect(w19.replies[w19.turns.findIndex((t) => /Which program you use/.test(t))]).toMatch(
      /Nothing fancy|couldn't tell you the name/,
    );
    const { turns: aTurns, replies: aReplies } = playScript("dev", "sA-02");
    expect(aReplies[aTurns.findIndex((t) => /Which booking system/.test(t))]).toMatch(/PracticePal/);
  });

  it("agrees to the step its card names, in plain words, whatever the card's phrasing (writer L's closes)", () => {
    const l = loadSet("writer-l");
    expect(cardOf(l.personas.pL1).close).toBe("a 45-minute demo in the next two weeks");
    expect(cardOf(l.personas.pL3).close).toBe("a trial on one job with one foreman, month to month with no contract");
    expect(cardOf(l.personas.pL4).close).toBe("a demo with me and an IT contact within the month");
  });

  it("hears 'where do you want to get to by next summer' as a question about aims, not a proposal to agree to (writer W, dev)", () => {
    const w = loadSet("writer-w");
    const script = w.scripts.find((x) => x.id === "w-06")!;
    const asked = script.turns.findIndex((t) => t.text.startsWith("where do you want to get to"));
    const history: TranscriptLine[] = [];
    for (const { text } of script.turns.slice(0, asked + 1))
      history.push(
        { speaker: "learner", text },
        { speaker: "persona", text: offlineReply(w.personas[script.persona], history, text, "w-06") },
      );
    const reply = history.at(-1)!.text;
    expect(reply).not.toMatch(/\b(?:deal|let's do|agreed)\b/i);
    expect(reply).toMatch(/100 installs/);
  });

  it("reads a close that says how the persona agrees before what to ('Happily agrees to...', writer W, dev)", () => {
    const w = loadSet("writer-w");
    expect(cardOf(w.personas.pW4).close).toBe("a demo with Lisa Brennan and a free two-week trial with two crews");
    expect(cardOf(w.personas.pW2).close).toMatch(
      /^a reference call with the car parks manager of another UK regional airport/,
    );
  });

  it("never drops the thing an aim is about when it re-voices it ('cut overtime back', not 'cut back')", () => {
    const replies = play(dana, [
      "Hi Dana, thanks for making the time today.",
      "What would you say is the hardest part of that right now?",
      "If you could solve those, what would that mean for you?",
      "And what are your main goals for this year?",
    ]);
    expect(replies.join(" ")).toMatch(/cut[\w ,']* overtime/);
    expect(replies.join(" ")).not.toMatch(/cut back to last year/);
  });

  it("says an aim as its own wish, never pauses inside 'year on year', and knows who 'this person' is (writer K's ferry script, dev)", () => {
    const { personas, scripts } = loadSet("writer-k");
    const script = scripts.find((x) => x.id === "K-14")!;
    const turns = script.turns.map((t) => t.text);
    const replies = play(personas[script.persona], turns, script.id);
    const at = (re: RegExp) => replies[turns.findIndex((t) => re.test(t))];
    expect(at(/Overtime also increased/)).toMatch(/year on year/);
    expect(at(/what changes for you personally/)).toMatch(/I want to pass our re-audit/);
    // "this person" is the roster clerk the buyer had just named: the clerk's two days a week.
    expect(at(/this person in one week/)).toMatch(/2 days a week/);
  });

  it("notices when what it just said is ignored", () => {
    const replies = play(dana, [
      "Hello",
      "Tell me about your operation",
      "What's the hardest part?",
      "Anyway, our platform has great features.",
    ]);
    expect(replies[3]).toMatch(/went straight past it|Did you hear|skipped right over/);
  });

  it("names its worry as it agrees to an earned step (medium); a hard buyer holds the yes until the worry is answered", () => {
    const persona = { ...dana, difficulty: "medium" as const };
    const base = [
      "Hello",
      "Walk me through your operation",
      "What's the hardest part?",
      "What does that cost you?",
      "What else is difficult?",
      "Anything else that's hard?",
      "If you solved those, what would it mean?",
    ];
    const replies = play(persona, [...base, "Would you be open to a workflow review with your two shift leads?"]);
    expect(replies.at(-1)).toMatch(/another long implementation/);
    // It said "No, not yet. Here's my hesitation: ..." to a discovery that had earned the step: the writers' most
    // common surprise (18 of 387 proposals across every writer's scripts, writer DD's dev scripts among them).
    expect(decisionOf(replies.at(-1)!)).toBe("yes");
    const hard = play({ ...dana, difficulty: "hard" as const }, [
      ...base,
      "Would you be open to a workflow review with your two shift leads?",
    ]);
    expect(decisionOf(hard.at(-1)!)).not.toBe("yes");
  });

  it("is deterministic per conversation and varies between conversations", () => {
    const script = ["Hello", "Tell me about your operation", "What's hard right now?", "Let's book a demo"];
    expect(play(dana, script, "a")).toEqual(play(dana, script, "a"));
    const seeds = ["a", "b", "c", "d", "e"].map((s) => play(dana, script, s).join("|"));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it("answers why, who else is affected, and what would worry it, in the terms of the pain under discussion", () => {
    const replies = play(dana, [
      "Hey Dana, do you have a minute",
      "Walk me through your operation",
      "How's the overtime budget looking",
      "why is that",
      "who else is affected by that",
      "we have a tool that automates pick lists",
      "what concerns would you have about a new system",
      "that's fair, we'd start with one shift for two weeks",
    ]);
    expect(replies[2]).toMatch(/overtime costs[\w ,']* up 30%/);
    expect(replies[3]).toMatch(/process|patched|systems/);
    expect(replies[4]).toMatch(/budget|money/);
    expect(replies[5]).not.toMatch(/not sure what problem/); // after discovery a pitch gets a question, not a brush-off
    expect(replies[6]).toMatch(/another long implementation/);
    expect(replies[7]).toMatch(/fair|comfortable|live with/);
  });

  it("never repeats itself, even over a long off-topic call", () => {
    const replies = play(
      dana,
      Array.from({ length: 90 }, (_, i) => (i % 2 ? "Nice weather today." : "Anyway.")),
    );
    expect(new Set(replies).size).toBe(replies.length);
  });

  it("says yes to the step the learner proposed, in the learner's words seen from its side", () => {
    const replies = play(dana, [
      "Could you give me a picture of how orders move through the warehouses on a normal day?",
      "What goes wrong most often in that flow?",
      "What does that cost you?",
      "Is anything else giving you headaches at the moment?",
      "And the overtime, what does that do to the budget?",
      "If peak ran smoothly, what would that mean for you personally?",
      "What would worry you about trying something new?",
      "Fair. We'd start small and you can stop any time.",
      "Would it make sense to run a two-week pilot with your shift leads at one of the warehouses?",
    ]);
    // "What goes wrong most often" is a problem question: the buyer names a pain rather than evading.
    expect(replies[1]).toMatch(/orders|errors|overtime/i);
    expect(replies[1]).not.toMatch(/have to check|couldn't tell you/i);
    expect(replies.at(-1)).toMatch(/^(Yes|Agreed|Deal)\b/);
    expect(replies.at(-1)).toContain("two-week pilot with my shift leads");
  });

  it("calls a titled persona by name, and keeps a plural noun after 'and' a noun", () => {
    const vet: Persona = {
      ...dana,
      name: "Dr Ingrid Halvorsen",
      situation: "Spends about 6 hours a week chasing club managers and contractors for status updates.",
    };
    const [hello, situation] = play(vet, ["Hi there", "How do you keep track of the repairs today?"]);
    expect(hello).toContain("Ingrid");
    expect(hello).not.toMatch(/\bDr here\b/);
    expect(situation).not.toMatch(/\bI contractor/);
  });

  it("hesitates at a close before any discovery", () => {
    const [, reply] = play(dana, ["Hello", "Let's book a demo next week"]);
    expect(reply).toMatch(/not sure we're there yet|Slow down|bit quick/);
  });
});

describe("offline persona: asked to say it again (session 19, writer H's nervous learner)", () => {
  const marcus = demoRoleplays.find((d) => d.persona.name === "Marcus Oyelaran")!.persona;
  const plain = (reply: string) =>
    reply.replace(/^(?:Sure|No problem|Sorry, sure|Right|Well)[.,]\s*/i, "").toLowerCase();

  it.each([
    "sorry um i didnt quite catch that could you say that again",
    "sorry, what was that?",
    "could you repeat that please",
    "Sorry, I didn't quite get that, could you say the renewal part again?",
  ])("'%s' gets the last reply again, not a new one", (again) => {
    const replies = play(
      marcus,
      ["hi marcus, thanks for your time", "what's going on with the renewal", again],
      "again",
    );
    expect(replies[1]).toMatch(/30 days/);
    expect(replies[2]).toMatch(/^(?:Sure|No problem|Sorry, sure)\./);
    expect(plain(replies[2])).toContain("30 days");
  });

  it("answers a question asked in the same breath, and never hears 'would you say that' as 'say that again'", () => {
    const replies = play(
      marcus,
      [
        "hi marcus, thanks for your time",
        "what's going on with the renewal",
        "i didn't catch the last part, how many of the seats are actually active?",
        "how bad would you say that is for the board?",
      ],
      "again",
    );
    expect(replies[2]).toMatch(/40%/);
    expect(replies[3]).not.toMatch(/^(?:Sure|No problem|Sorry, sure)\./);
  });
});

describe("offline persona: two things asked at once, and a tool the learner names (session 19 review, writer Z)", () => {
  const warehouse = personaSchema.parse({
    name: "Irena Novak",
    role: "Warehouse Manager",
    situation:
      "Runs 3 warehouses (Brno + Ostrava + Plzen), 85 forklifts, 40 pickers/packers over 2 shifts. Audits (quarterly hygiene audits) planned on a paper wall chart + Excel sheet kept by supervisor Pavel.",
    background: "Ex-forklift driver, 15 yrs in logistics. Previously at a big retail group with a proper WMS.",
    pain_points: [
      "Late audits: 5 audits overran the quarterly interval in last 12 months; flagged by the client, contract at risk.",
      "Pick errors: ~2% of lines picked wrong, returns cost ~EUR 9k/month.",
    ],
    goals: ["Cut pick errors in half this year."],
    close: "Agrees to a demo with Pavel once audits and pick errors are discussed.",
    difficulty: "easy",
  });
  it("answers what it knows when the other of two questions asks about a thing the card never names", () => {
    const [, reply] = play(
      warehouse,
      [
        "Good morning Mrs Novak, thank you for the meeting.",
        "How many forklifts you have in the warehouses, and how many electricians is working there?",
      ],
      "z",
    );
    expect(reply).toMatch(/85|40/);
    expect(reply).not.toMatch(/couldn't tell you|have to check/i);
  });

  it("'how many went walkabout last year' counts the thing on the table; 'what're you using for accounts, xero?' asks for a tool (writer-z-10, read in review)", () => {
    const tasha = loadSet("writer-z").personas.pZ4;
    const replies = play(
      tasha,
      [
        "hey Tasha! how's the summer rush treating you",
        "ugh. and kegs, you know where they all are?",
        "how many went walkabout last year",
        "what're you using for accounts, xero?",
      ],
      "writer-z-10",
    );
    expect(replies[2]).toMatch(/180/);
    const [, , asked] = play(
      tasha,
      ["hey Tasha!", "so orders, how do they come in these days", "and who types them up"],
      "writer-z-10",
    );
    // The model only guesses "who types them up" is about problems: no new pain for it.
    expect(asked).not.toMatch(/kegs|routes|reps|errors/i);
    expect(replies[3]).toMatch(/Xero/);
    expect(replies[3]).not.toMatch(/portal/);
  });

  it("'which system you are using for the inspections, is it Excel or some program' gets the fact that names Excel, not a pain (writer-z-19, read in review)", () => {
    const dave = loadSet("writer-z").personas.pZ1;
    const history: TranscriptLine[] = [];
    const say = (text: string) => {
      const reply = offlineReply(dave, history, text, "writer-z-19");
      history.push({ speaker: "learner", text }, { speaker: "persona", text: reply });
      return reply;
    };
    say("Good morning Mr Dave, thank you for meeting. I am Tomasz from FleetPlan.");
    const reply = say("Which system you are using for the inspections, is it Excel or some program");
    expect(reply).toMatch(/Excel|whiteboard/i);
    expect(reply).not.toMatch(/overran|licence at risk/);
  });
});

describe("offline persona: asides and how the buyer got here (writers D and K, dev off-script)", () => {
  const dev = (file: string, id: string) => loadSet(file).personas[id];

  it("'btw how did you end up running a driving school? I failed my test twice' gets the career, not the test waits", () => {
    const [, reply] = play(
      dev("writer-k", "pK3"),
      ["hi", "btw how did you end up running a driving school? I failed my test twice so I'm in awe lol"],
      "aside",
    );
    expect(reply).toMatch(/instructor|opened|built/i);
    expect(reply).not.toMatch(/waits|months|notebooks/);
  });

  it.each([
    ["writer-k", "pK2", "so how many crew do u have", /210 staff/],
    ["writer-d", "pD1", "how many gyms you got anyway, 20 something?", /22 clubs/],
  ])(
    "%s %s: '%s' counts what the card calls by another name, not a pain with a number in it",
    (file, id, line, count) => {
      const [, reply] = play(dev(file, id), ["hi", line], "count");
      expect(reply).toMatch(count);
    },
  );

  it("pK4: 'how fast is the wifi in the main library?' is a thing the card does not know, whatever the act model reads; privacy requirements are answered (writer K, dev)", () => {
    const [, wifi] = play(dev("writer-k", "pK4"), ["hi", "ok and how fast is the wifi in the main library?"], "wifi");
    expect(wifi).not.toMatch(/\d|queue|buildings/);
    const [, privacy] = play(
      dev("writer-k", "pK4"),
      ["hi", "What requirements would any solution have to meet on privacy?"],
      "privacy",
    );
    expect(privacy).toMatch(/privacy/i);
  });

  it.each([
    ["writer-d", "pD2", "random q but do the vets ever just go home early when there's gaps lol", /idle|slot|no-shows/],
    ["writer-d", "pD2", "side note, are you guys planning to buy more practices this year", /booster|compliance|%/],
  ])("%s %s: '%s' gets a light aside, never a pain or a goal", (file, id, line, pain) => {
    const [, reply] = play(dev(file, id), ["hi", line], "aside");
    expect(reply).not.toMatch(pain);
    expect(reply).toMatch(/^Ha\b/);
  });
});

describe("offline persona: writer H's nervous learners (dev), read in session 19", () => {
  const { personas, scripts } = loadSet("writer-h");
  const replies = (id: string) => {
    const script = scripts.find((s) => s.id === id)!;
    return play(
      personas[script.persona],
      script.turns.map((t) => t.text),
      id,
    );
  };

  it("H-28: agrees to 'a four-week pilot', never 'let's do a A four-week pilot' (the card's 'A' lent its capital)", () => {
    const said = replies("H-28").join(" ");
    expect(said).toMatch(/let's do a four-week pilot/i);
    expect(said).not.toMatch(/\ba A\b/);
  });

  it("H-08: 'if you didnt have to worry about that anymore what would that mean for you' asks the value, not the worries", () => {
    const script = scripts.find((s) => s.id === "H-08")!;
    const at = script.turns.findIndex((t) => t.text.startsWith("um if you didnt have to worry"));
    expect(replies("H-08")[at]).not.toMatch(/worries me/i);
  });
});

describe("offline persona: a deadline and a brush-off (the off-script briefs of writers Z and AA)", () => {
  const dana = demoRoleplays[0].persona;

  it.each([
    "we can give you 20% off but the price is only valid till friday",
    "honestly this deal ends friday so you need to decide now",
    "last chance, the promo expires tomorrow",
  ])("'%s' is pushed back on, unmistakably, not waved through with 'Go on'", (line) => {
    const [, reply] = play(dana, ["hi dana", line], "pressure");
    expect(decisionOf(reply)).toBe("no");
    expect(reply).not.toMatch(/^(?:Go on|Mm|Sure, go ahead)/);
  });

  it("a step proposed with a deadline is still the proposal's to decide: declined before discovery, with its reason", () => {
    const [, reply] = play(dana, ["hi dana", "let's book the demo for thursday, the discount ends friday"], "pressure");
    expect(reply).toMatch(/^Not yet|^No/);
    expect(reply).not.toMatch(/deadline/);
  });

  it("'ok your loss then' ends it coolly", () => {
    const [, , reply] = play(dana, ["hi dana", "we do route planning software", "ok your loss then"], "pressure");
    expect(reply).toMatch(/that's that|we're done|Thanks for calling/);
  });
});

describe("offline persona: views, favourites, other vendors, bigger asks and thanks (session 22, dev scripts of writers W, DD and GG)", () => {
  const w = loadSet("writer-w").personas;
  const dd = loadSet("writer-dd").personas;
  const gg = loadSet("writer-gg").personas;
  const OPINION = /haven't given it much thought|enough on with what's in front of me|No strong view/;

  it("'sorry, off topic. do you think vegan options will take over?' is a view asked for, not a correction of the last question", () => {
    const replies = play(w.pW3, [
      "Hi Sam, thanks for making the time.",
      "Do you know how many tonnes of food waste the whole university sends to AD?",
      "Sorry, off topic. Do you think vegan options will take over in five years?",
    ]);
    // It was read as "I meant 'off topic'" and the food-waste figure was said again.
    expect(replies[2]).toMatch(OPINION);
    expect(replies[2]).not.toMatch(/£310,000|14%/);
  });

  it("a view of something the card knows is answered from the card", () => {
    const [, reply] = play(w.pW3, ["Hi Sam", "do you think the waste is mostly down to the ordering?"]);
    expect(reply).not.toMatch(OPINION);
  });

  it("'whats your favourite hall' is about the person, not the halls", () => {
    const [, , reply] = play(dd["writer-dd-p3"], [
      "hi priya",
      "how are things this term?",
      "whats your favourite hall",
    ]);
    expect(reply).not.toMatch(/3,600|beds|11 halls/);
  });

  it("'which other rostering vendors have you looked at' is about other firms, never the buyer's own pain", () => {
    const [, reply] = play(gg["gg-p1"], [
      "Hello Deirdre",
      "Which other rostering vendors have you looked at in the last year?",
    ]);
    expect(reply).toMatch(/others|other firms/);
    expect(reply).not.toMatch(/WhatsApp|rest rules|duty limit/);
  });

  it("asked to roll out to every clinic, the buyer says no to that and offers its own step, in words that read", () => {
    const script = [
      "hi priya, is it sunny there? it's grim here",
      "ok how many no shows do you get",
      "and what does an empty chair cost you",
      "how do the reminder calls work at the moment?",
      "right so let's just roll it out to all 11 clinics from next month, we can do a deal on price",
    ];
    const replies = play(gg["gg-p2"], script, "gg-28");
    const last = replies.at(-1)!;
    expect(decisionOf(last)).toBe("no");
    expect(last).toMatch(/2-week pilot/);
    // The card's "Happy to run a 2-week pilot" was said as "let's do run a 2-week pilot".
    expect(last).not.toMatch(/do run/);
    const taken = play(gg["gg-p2"], [...script, "ok, the 2-week pilot at your two busiest clinics then?"], "gg-28");
    expect(decisionOf(taken.at(-1)!)).toBe("yes");
  });

  it("'thank you, I will send a summary and a proposed agenda' ends the call: not a proposal to turn down again", () => {
    const replies = play(gg["gg-p5"], [
      "Good morning Fenna, thank you for making the time.",
      "Could you describe your ticket volumes and channels at the moment?",
      "Would you be open to a technical call with your Zendesk administrator?",
      "Thank you, Fenna. I will send a summary of the figures we discussed and a proposed agenda.",
    ]);
    expect(decisionOf(replies[2])).toBe("no");
    expect(decisionOf(replies[3])).not.toBe("no");
    expect(replies[3]).not.toMatch(/haven't talked about/);
  });

  it("'next meeting with your IT person' is said back without a dangling 'my'", () => {
    const replies = play(dd["writer-dd-p3"], [
      "Hello Priya, nice to meet you. I am Jiwoo from Roomwise. Thank you for your time today.",
      "Could you please explain about process of room allocation in your office?",
      "I see. During allocation, sometimes mistake happen, for example two student in same room?",
      "When this kind of mistake happen, what is result for your team and students",
      "I have one more question about maintenance request. How many request you receive in one month",
      "If repair become faster and no more double booking, how does it help your office?",
      "Then, could we arrange next meeting with your IT person, to show allocation demo?",
    ]);
    expect(replies.at(-1)).not.toMatch(/\b(?:with|my)\.\s/);
  });

  it("'Sir, how many buses you are running at present' is counted from the card: an address and 'at present' are not the figure", () => {
    const [, reply] = play(gg["gg-p4"], [
      "Namaste sir, good morning.",
      "Sir, how many buses you are running at present",
    ]);
    expect(reply).toMatch(/92 buses/);
  });

  it("a contract promised after the buyer declined a rollout is held off, not answered with the same refusal word for word", () => {
    const replies = play(
      gg["gg-p2"],
      [
        "hi priya, is it sunny there? it's grim here",
        "ok how many no shows do you get",
        "and what does an empty chair cost you",
        "how do the reminder calls work at the moment?",
        "right so let's just roll it out to all 11 clinics from next month, we can do a deal on price",
        "no pressure! i'll send the contract over, have a look",
      ],
      "gg-28",
    );
    expect(decisionOf(replies.at(-1)!)).toBe("no");
    expect(replies.at(-1)).toMatch(/contract/);
    expect(new Set(replies).size).toBe(replies.length);
  });

  it("'thank you, and sorry again about being late' closes the call", () => {
    const [, , reply] = play(gg["gg-p3"], [
      "Hi, hello, sorry I'm a couple of minutes late, the previous call ran over.",
      "How many lines do you run?",
      "Thank you, and sorry again about being late.",
    ]);
    expect(reply).toMatch(/bye|take care|speak soon/i);
  });

  it("'what else gets in the way?' once every pain is told gets the end of the list, not the last pain again", () => {
    const priya = demoRoleplays[2].persona;
    const replies = play(priya, [
      "Hi Priya, thanks for making the time today.",
      "What would you say is the hardest part of that right now?",
      "What's been getting in the way lately?",
      "Anything else that's been difficult?",
      "Beyond that, what else gets in the way?",
    ]);
    expect(replies.slice(3).some((r) => /main (problems|list)|big ones/.test(r))).toBe(true);
    expect(replies.slice(3).filter((r) => /^(Again|As I said|Like I mentioned)/.test(r)).length).toBeLessThanOrEqual(1);
  });
});
