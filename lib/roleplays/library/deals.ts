import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";

import { criterion, type LibraryEntry } from "./types";

/** Objections are heard out and explored before they are answered. */
const objectionScorecard = () => ({
  pass_mark: 70,
  criteria: [
    criterion(
      "hears-out",
      "Hears the objection out",
      20,
      "listening",
      "Lets the customer finish and builds on what they said instead of rushing to a rebuttal.",
    ),
    criterion(
      "explores",
      "Asks what sits behind it",
      20,
      "questions",
      "Asks open questions to find the real concern behind the objection before answering it.",
    ),
    criterion(
      "concerns",
      "Uncovers the real concerns",
      15,
      "topics",
      "Surfaces the customer's actual problems and goals, not only the objection as first stated.",
    ),
    criterion(
      "courtesy",
      "Stays calm and respectful",
      15,
      "courtesy",
      "No arguing or pressure; the customer stays engaged.",
    ),
    criterion(
      "next-step",
      "Agrees a way forward",
      20,
      "next_step",
      "Ends with a concrete step the customer agrees to, not a promise to 'send something over'.",
    ),
    criterion("talk-share", "Lets the customer talk", 10, "talk_share", "Talks less than half the time."),
  ],
});

/** A negotiation is won by finding the other side's interests and trading, not by talking. */
const negotiationScorecard = () => ({
  pass_mark: 70,
  criteria: [
    criterion(
      "interests",
      "Finds their interests",
      20,
      "topics",
      "Uncovers what the other side needs (costs, delivery, risk) behind the positions they state.",
    ),
    criterion("questions", "Asks before conceding", 15, "questions", "Asks open questions before offering anything."),
    criterion("listening", "Listening and follow-ups", 15, "listening", "Builds each offer on what was just said."),
    criterion(
      "agreement",
      "Reaches a concrete agreement",
      20,
      "next_step",
      "Ends with terms or a dated next step both sides accept.",
    ),
    criterion("courtesy", "Firm but respectful", 15, "courtesy", "Holds a position without pressure or sarcasm."),
    criterion("talk-share", "Balanced talk", 10, "talk_share", "Neither dominates nor disappears."),
    criterion("fillers", "Clean delivery", 5, "fillers", "Few filler words."),
  ],
});

/** Objection handling, a pitch and a negotiation: later-stage sales conversations. */
export const dealEntries: LibraryEntry[] = [
  {
    key: "objection-price-renewal",
    category: "objection-handling",
    industry: "Education",
    difficulty: "intermediate",
    recommended: true,
    summary: "A college facilities head says a competitor quoted 25% less. Find out what she really needs.",
    name: "Objection handling: 'your competitor is 25% cheaper'",
    description:
      "A customer's head of facilities opens the renewal call with a cheaper quote from a competitor. Explore the objection before you answer it, and keep the account.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You are the account manager for Wattwise, the energy-monitoring software Ashford College has used for two years. Hear the price objection out, find what is behind it, and agree how to renew.",
    },
    scorecard: objectionScorecard(),
    persona: {
      name: "Janine Brooks",
      role: "Head of Facilities",
      situation:
        "Looks after five buildings at a further education college. Her Wattwise contract renews next month and she has a competitor's quote on her desk.",
      background:
        "Came to the college from facilities management in the local hospital trust four years ago. Signed the Wattwise contract herself two years ago.",
      pain_points: [
        "Energy bills rose 40% in two years across the five buildings",
        "Site caretakers never log into the dashboards",
        "The finance director wants savings she can prove, not charts",
      ],
      goals: ["Cut energy use 10% by next summer", "Show the governors a clear return on every contract"],
      close: "Would renew for a year at the current price if you add on-site training for her caretakers.",
      company: {
        name: "Ashford College",
        size: "5 buildings, 6,000 students",
        industry: "Further education",
      },
      personality: {
        communication_style: "Plain-spoken; says exactly what bothers her",
        decision_making: "Recommends to the finance director, who follows her advice when the numbers are clear",
        concerns:
          "Your renewal price is 25% above the competitor's quote; paying for dashboards nobody opens; switching looks easy on paper",
        motivations: "Keeping the finance director's trust after a hard budget year",
      },
    },
  },
  {
    key: "objection-fleet-status-quo",
    category: "objection-handling",
    industry: "Logistics",
    difficulty: "advanced",
    recommended: false,
    summary: "A fleet manager says his free lease-company trackers are good enough. Find the gap.",
    name: "Objection handling: 'we already have trackers'",
    description:
      "A fleet manager takes your follow-up call only to tell you he is happy with what he has. Get past 'no need' without arguing, and find a reason to meet.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You sell Routemark, telematics that scores driving and plans routes. The prospect says his free trackers are enough: explore what they do not do for him and agree a next step.",
    },
    scorecard: objectionScorecard(),
    persona: {
      name: "Ade Adeyemi",
      role: "Fleet Manager",
      situation:
        "Manages 38 delivery vans for a regional grocery wholesaler. His leasing company fitted basic trackers at no charge.",
      background:
        "Drove for the company for eight years before running the fleet. Knows every driver by name and defends them.",
      pain_points: [
        "Fuel costs rose 18% this year while mileage stayed flat",
        "Three vans were damaged in reversing accidents in six months",
        "Drivers plan their own routes, so late deliveries are hard to explain to customers",
      ],
      goals: ["Cut the fuel bill by 10% this year", "Get the insurance premium down at the next renewal"],
      close: "Would agree to a two-week trial in five vans if the drivers are told it is not about spying on them.",
      company: {
        name: "GreenLeaf Wholesale",
        size: "38 vans, 120 staff",
        revenue: "$45M",
        industry: "Grocery wholesale and delivery",
      },
      personality: {
        communication_style: "Blunt and busy; keeps answers short until something hits home",
        decision_making: "Decides on the fleet budget himself but will not go against his drivers",
        concerns: "Paying per van for trackers when the free ones do the job; drivers feeling watched",
        motivations: "Being left alone by the finance director about the fuel bill",
      },
    },
  },
  {
    key: "pitch-supermarket-buyer",
    category: "pitch",
    industry: "Retail",
    difficulty: "intermediate",
    recommended: true,
    summary: "Five minutes to win shelf space from a supermarket buyer who has heard it all.",
    name: "Pitch: healthy snack brand to a supermarket buyer",
    description:
      "You have a five-minute slot with a category buyer at a 120-store supermarket chain. Pitch your snack brand and leave with a trial.",
    scenario: {
      kind: "pitch",
      objective:
        "You founded Crunchwell, baked lentil crisps sold in 300 independent shops. Pitch the problem you solve for the buyer, your proof, and ask for a trial listing.",
    },
    scorecard: structuredClone(DEFAULT_SCORECARDS.pitch),
    persona: {
      name: "Alison Grant",
      role: "Category Buyer, Snacks",
      situation:
        "Is the snacks buyer for a 120-store supermarket chain. Sees a dozen new brands a month in five-minute slots.",
      background: "Has been a buyer for 11 years, the last four in snacks. Is judged on sales per metre of shelf.",
      pain_points: [
        "Healthy snack sales are growing but the shelf space is fixed",
        "Too many new brands fail to sell through in their first 12 weeks",
        "Small suppliers miss promotional delivery dates",
      ],
      goals: ["Grow the healthy snacks range 15% by value this year", "Cut the number of slow-selling lines"],
      close: "Would agree to a 12-week trial in 20 stores if the brand funds the launch promotion.",
      company: {
        name: "Fenwick's Supermarkets",
        size: "120 stores",
        revenue: "$2.1B",
        industry: "Grocery retail",
      },
      personality: {
        communication_style: "Courteous, quick and to the point; interrupts a long story",
        decision_making: "Decides on trials herself; a full listing needs the category director",
        concerns:
          "Your price per pack is above the category average; a small brand keeping up with orders from 120 stores",
        motivations: "Finding the next range that grows faster than the category",
      },
    },
  },
  {
    key: "negotiation-supply-contract",
    category: "negotiation",
    industry: "Manufacturing",
    difficulty: "advanced",
    recommended: false,
    summary: "Procurement wants 8% off your supply contract. Trade, don't cave.",
    name: "Negotiation: supply contract renewal",
    description:
      "A procurement manager opens your annual contract review by asking for 8% off. Find out what his business needs and reach terms you can both sign.",
    scenario: {
      kind: "general",
      objective:
        "You are the account manager for Keel Precision, which supplies machined steel parts to Halden Engineering. Protect your margin: find what Halden values, trade concessions for commitments, and agree terms.",
    },
    scorecard: negotiationScorecard(),
    persona: {
      name: "Daniel Cho",
      role: "Procurement Manager",
      situation:
        "Buys machined steel parts for a maker of hydraulic lifts. Your annual supply contract is up for review and he has asked for 8% off.",
      background:
        "Moved into procurement from production planning five years ago. Has three quotes from other suppliers but has never used any of them.",
      pain_points: [
        "Steel component costs rose 12% this year",
        "Two late deliveries stopped an assembly line in March",
        "Finance has asked for every supplier contract to come down 8%",
      ],
      goals: ["Secure a fixed price for two years", "Get guaranteed delivery within five working days"],
      close: "Would agree to a two-year contract at 4% less if delivery is guaranteed, with a penalty for late orders.",
      company: {
        name: "Halden Engineering",
        size: "400 employees",
        revenue: "$120M",
        industry: "Industrial lift manufacturing",
      },
      personality: {
        communication_style: "Calm and formal; makes long silences after each offer",
        decision_making: "Can sign up to $2M a year; anything larger needs the operations director",
        concerns:
          "Prices above the other quotes; running short of parts again; a price rise halfway through the contract",
        motivations: "Meeting the finance target without risking the assembly lines",
      },
    },
  },
];
