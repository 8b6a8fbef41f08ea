/**
 * Cards are written as notes ("~6% of orders w/ errors -> ~£40k/yr credit notes", "Tue or Wed.", "@ ~£150 ea."),
 * and a buyer says them as speech: "about 6% of orders with errors, so about £40k a year in credit notes". Each
 * entry is data: what it rewrites, into what, with examples that must change and must not (a test runs them).
 */
import type { Persona } from "@/lib/validations/persona";

type Note = { pattern: RegExp; to: string; hit: [string, string][]; miss: string[] };

const DAYS: Record<string, string> = {
  mon: "Monday",
  tue: "Tuesday",
  tues: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  thur: "Thursday",
  thurs: "Thursday",
  fri: "Friday",
};

export const NOTES: Note[] = [
  // Currency codes said as their sign, before "~" and "approx" read the figure: "~GBP 41k" is "about £41k".
  { pattern: /\bGBP\s?(?=\d)/g, to: "£", hit: [["~GBP 41k over budget", "about £41k over budget"]], miss: ["GBP"] },
  { pattern: /\b(?:USD|US\$)\s?(?=\d)/g, to: "$", hit: [["USD 2.4m", "$2.4m"]], miss: ["USD rates"] },
  { pattern: /\bEUR\s?(?=\d)/g, to: "€", hit: [["EUR 90k", "€90k"]], miss: [] },
  {
    pattern: /\b(\d[\d,.]*)\+(?=\s)/g,
    to: "over $1",
    hit: [["20+ yrs in the service", "over 20 years in the service"]],
    miss: ["2 + 2", "C++"],
  },
  {
    pattern: /(?<=[a-z]{2})\s\+\s(?=\d)/gi,
    to: " and ",
    hit: [["Northfell Hospital + 3 satellite clinics", "Northfell Hospital and 3 satellite clinics"]],
    miss: ["2 + 2"],
  },
  {
    pattern: /\bincl\.?\s/gi,
    to: "including ",
    hit: [["38 crew incl. bank staff", "38 crew including bank staff"]],
    miss: ["include"],
  },
  { pattern: /\bexcl\.?\s/gi, to: "excluding ", hit: [["£9k excl. VAT", "£9k excluding VAT"]], miss: ["exclude"] },
  {
    pattern: /\s@\s?(?=[~\d£$€])/g,
    to: " at ",
    hit: [["400 lost @ ~£150", "400 lost at about £150"]],
    miss: ["a@b.com"],
  },
  { pattern: /~\s?(?=[\d£$€])/g, to: "about ", hit: [["~6% of orders", "about 6% of orders"]], miss: ["6% of orders"] },
  {
    pattern: /\bapprox\.?\s(?=[\d£$€])/gi,
    to: "about ",
    hit: [["= approx £300k", "= about £300k"]],
    miss: ["approximately 300"],
  },
  { pattern: /\band\/or\b/gi, to: "or", hit: [["email and/or phone", "email or phone"]], miss: [] },
  { pattern: /\bw\/o\s/gi, to: "without ", hit: [["w/o a receptionist", "without a receptionist"]], miss: [] },
  { pattern: /\bw\/\s?/gi, to: "with ", hit: [["orders w/ errors", "orders with errors"]], miss: ["with errors"] },
  {
    pattern: /\s?\/\s?(wk|week)\b\.?/gi,
    to: " a week",
    hit: [["~350/wk at peak", "about 350 a week at peak"]],
    miss: ["350 a week"],
  },
  { pattern: /\s?\/\s?(yr|year)\b\.?/gi, to: " a year", hit: [["£40k/yr", "£40k a year"]], miss: ["a year"] },
  { pattern: /\s?\/\s?(mo|mth|month)\b\.?/gi, to: " a month", hit: [["600/month", "600 a month"]], miss: [] },
  { pattern: /\s?\/\s?day\b/gi, to: " a day", hit: [["40/day", "40 a day"]], miss: ["day to day"] },
  { pattern: /\s?\/\s?(hr|hour)\b\.?/gi, to: " an hour", hit: [["£23/hr", "£23 an hour"]], miss: [] },
  {
    pattern: /\s*(->|→|=>)\s*/g,
    to: ", so ",
    hit: [["wrong pot size -> credit notes", "wrong pot size, so credit notes"]],
    miss: ["a - b"],
  },
  { pattern: /\s(ea)\.?(?=\s|$|[,;)])/g, to: " each", hit: [["£150 ea.", "£150 each"]], miss: ["each ear"] },
  {
    pattern: /\b(\d[\d.,]*)\s?(hrs?)\b\.?/gi,
    to: "$1 hours",
    hit: [["14 hrs of admin", "14 hours of admin"]],
    miss: ["hours"],
  },
  { pattern: /\b(\d[\d.,]*)\s?(mins?)\b\.?/gi, to: "$1 minutes", hit: [["45 mins", "45 minutes"]], miss: ["minimum"] },
  { pattern: /\b(\d[\d.,]*)\s?(wks)\b\.?/gi, to: "$1 weeks", hit: [["3 wks", "3 weeks"]], miss: [] },
  { pattern: /\b(\d[\d.,]*)\s?(yrs)\b\.?/gi, to: "$1 years", hit: [["8 yrs", "8 years"]], miss: [] },
  { pattern: /\blast yr\b\.?/gi, to: "last year", hit: [["lost last yr", "lost last year"]], miss: [] },
  {
    pattern: /\bavg\.?\s/gi,
    to: "on average ",
    hit: [["avg ~9 calls", "on average about 9 calls"]],
    miss: ["average"],
  },
  { pattern: /\be\.g\.,?\s/gi, to: "for example ", hit: [["(e.g. forms)", "(for example forms)"]], miss: [] },
  { pattern: /\bi\.e\.,?\s/gi, to: "that is, ", hit: [["i.e. paper", "that is, paper"]], miss: [] },
  { pattern: /,?\s?\betc\.?(?=\s|$|[,;)])/gi, to: " and so on", hit: [["forms, etc.", "forms and so on"]], miss: [] },
  { pattern: /\bvs\.?\s/gi, to: "against ", hit: [["84 vs target 90", "84 against target 90"]], miss: [] },
  {
    pattern: /\s\+\s(?=[a-z])/gi,
    to: " and ",
    hit: [["5 branches + website", "5 branches and website"]],
    miss: ["2 + 2"],
  },
  {
    pattern: /(?<=[a-z]{2})\s?\/\s?(?=[a-z]{2})/gi,
    to: " or ",
    hit: [
      ["email/WhatsApp/fax", "email or WhatsApp or fax"],
      ["variety / pot size", "variety or pot size"],
    ],
    miss: ["24/7", "N/A"],
  },
  {
    // Not "sat" or "sun": "groomers sat idle".
    pattern: /\b(mon|tues?|wed|thur?s?|fri)\b\.?(?=\s|$|[,;)])/gi,
    to: "",
    hit: [["Tue or Wed.", "Tuesday or Wednesday"]],
    miss: ["Monday", "groomers sat idle"],
  },
];

/** A card field written as notes, said as speech. */
export function spokenNotes(text: string): string {
  let out = text;
  for (const note of NOTES)
    out = note.to
      ? out.replace(note.pattern, note.to)
      : out.replace(note.pattern, (_m, day: string) => DAYS[day.toLowerCase()] ?? day);
  return out.replace(/\s{2,}/g, " ").replace(/\s+([,.;)])/g, "$1");
}

/** The card with every field an instructor writes as notes said as speech (names and the company's name kept). */
export function spokenCard(persona: Persona): Persona {
  const say = (t: string | undefined) => (t === undefined ? t : spokenNotes(t));
  return {
    ...persona,
    situation: spokenNotes(persona.situation),
    background: spokenNotes(persona.background),
    pain_points: persona.pain_points.map(spokenNotes),
    goals: persona.goals.map(spokenNotes),
    close: say(persona.close),
    company: persona.company && {
      ...persona.company,
      size: say(persona.company.size),
      revenue: say(persona.company.revenue),
      industry: say(persona.company.industry),
    },
    personality: persona.personality && {
      ...persona.personality,
      communication_style: say(persona.personality.communication_style),
      decision_making: say(persona.personality.decision_making),
      concerns: say(persona.personality.concerns),
      motivations: say(persona.personality.motivations),
    },
  } as Persona;
}
