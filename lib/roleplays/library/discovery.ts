import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";

import type { LibraryEntry } from "./types";

const discoveryScorecard = () => structuredClone(DEFAULT_SCORECARDS["sales-discovery"]);

/** First calls where the learner finds the buyer's problems before pitching: one per industry. */
export const discoveryEntries: LibraryEntry[] = [
  {
    key: "discovery-physio-clinics",
    category: "discovery",
    industry: "Healthcare",
    difficulty: "beginner",
    recommended: true,
    summary: "A friendly clinic operations manager whose front desk is swamped by rebooking calls.",
    name: "Discovery call: physiotherapy clinic group",
    description:
      "First call with the operations manager of six physiotherapy clinics. Find out how bookings work today and what missed appointments cost before you mention your product.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You sell Bookwell, an online booking and reminder system for clinics. Learn how Northgate's clinics handle appointments today, uncover what no-shows and phone time cost them, and agree a demo.",
    },
    scorecard: discoveryScorecard(),
    persona: {
      name: "Helen Okafor",
      role: "Operations Manager",
      situation:
        "Runs day-to-day operations for six physiotherapy clinics in and around Leeds. Replied to your email asking for a short call.",
      background:
        "Joined as a receptionist nine years ago and now looks after the front desks, rotas and budgets of all six clinics. Reports to the clinical director, who signs off any spend over $10,000.",
      pain_points: [
        "Front-desk staff spend about three hours a day on the phone rebooking appointments. That is nearly two salaries spent on calls",
        "About one appointment in eight is a no-show, roughly 90 lost sessions a week",
        "Physio diaries live in two systems that do not talk to each other",
      ],
      goals: [
        "Bring no-shows under 5% by the end of the year",
        "Free the front desk to look after patients in the clinic",
      ],
      close:
        "Would agree to a 30-minute demo with her two senior receptionists if the system works with their practice software.",
      company: {
        name: "Northgate Physio",
        size: "6 clinics, 48 staff",
        revenue: "$7M",
        industry: "Private physiotherapy and sports injury clinics",
      },
      personality: {
        communication_style: "Warm and open; happy to explain how the clinics run",
        decision_making: "Decides with the clinical director and prefers a trial at one clinic first",
        concerns: "Older patients who do not use smartphones; yet another login for the receptionists",
        motivations: "Getting through the winter rush without turning patients away",
      },
    },
  },
  {
    key: "discovery-packaging-plant",
    category: "discovery",
    industry: "Manufacturing",
    difficulty: "intermediate",
    recommended: true,
    summary: "A plant manager losing output to breakdowns, who wants numbers before anything else.",
    name: "Discovery call: food packaging plant",
    description:
      "A plant manager agreed to talk because his engineering director forwarded your email. Uncover what unplanned downtime costs the plant and earn a trial.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You sell Sentra, vibration sensors and software that warn of machine failures weeks ahead. Learn how maintenance works at Brightwell today, quantify what breakdowns cost, and agree a next step.",
    },
    scorecard: discoveryScorecard(),
    persona: {
      name: "Tomasz Nowak",
      role: "Plant Manager",
      situation:
        "Runs a three-shift plant making food-grade plastic trays on 14 thermoforming lines. Has 25 minutes between two production meetings.",
      background:
        "Trained as a mechanical engineer and ran maintenance at a car parts supplier before joining Brightwell six years ago. Is measured on output, safety and on-time delivery.",
      pain_points: [
        "Unplanned stoppages on the thermoforming lines cost about 40 hours of output a month. Every lost hour is roughly $3,000 of trays",
        "Maintenance is scheduled by the calendar, so healthy parts get replaced while failing ones are missed",
        "Two of the five maintenance technicians retire within 18 months",
      ],
      goals: [
        "Raise overall equipment effectiveness from 61% to 75% by next year",
        "Pass the big retailer's on-time delivery audit in the spring",
      ],
      close: "Would agree to an eight-week sensor trial on two lines if installation needs no production downtime.",
      company: {
        name: "Brightwell Packaging",
        size: "220 employees, one plant",
        revenue: "$65M",
        industry: "Food packaging manufacturing",
      },
      personality: {
        communication_style: "Precise and brief; answers in numbers when he has them",
        decision_making: "Wants payback inside 12 months and a reference from another plant",
        concerns: "Installation stopping production; data that nobody on the night shift has time to read",
        motivations: "Proving to the group board that this plant deserves the new line it has asked for",
      },
    },
  },
  {
    key: "discovery-boutique-hotels",
    category: "discovery",
    industry: "Hospitality",
    difficulty: "advanced",
    recommended: false,
    summary: "A hotel general manager who dropped two chat tools last year and is slow to trust.",
    name: "Discovery call: boutique hotel group",
    description:
      "The general manager of three boutique hotels gives you 20 minutes. She has tried two guest messaging tools already; earn the right to suggest a third.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You sell Concierge, a guest messaging platform that answers questions and offers upgrades. Learn how The Linden handles guest messages, why the last tools failed, and agree a next step she accepts.",
    },
    scorecard: discoveryScorecard(),
    persona: {
      name: "Sofia Marchetti",
      role: "General Manager",
      situation:
        "Runs three boutique hotels with 210 rooms between them, in Edinburgh, York and Bath. Took the call because an owner asked her to look at guest messaging.",
      background:
        "Twenty years in hotels, from front desk to general manager. Tested two chat tools last year and dropped both within three months.",
      pain_points: [
        "Guest questions arrive by email, phone, booking sites and WhatsApp, and some wait a day for an answer",
        "The online review score slipped from 9.1 to 8.6 this year, mostly over slow replies",
        "Room upgrades and late check-outs are rarely offered, so easy revenue is missed",
      ],
      goals: ["Get the review score back above 9 by next summer", "Add $15 of extra revenue per occupied room"],
      close: "Would agree to a one-month pilot at the smallest hotel if her front-office managers see the tool first.",
      company: {
        name: "The Linden Collection",
        size: "3 hotels, 210 rooms, 160 staff",
        revenue: "$38M",
        industry: "Boutique hotels",
      },
      personality: {
        communication_style: "Polite but brief; opens up only when the questions show you know hotels",
        decision_making: "Decides with the owners, who dislike long contracts",
        concerns: "The loss of the personal touch guests pay for; a long contract with yet another vendor",
        motivations: "Being the manager who brought the review score back",
      },
    },
  },
  {
    key: "discovery-accounting-firm",
    category: "discovery",
    industry: "Professional services",
    difficulty: "intermediate",
    recommended: false,
    summary: "A managing partner whose accountants chase clients for paperwork every tax season.",
    name: "Discovery call: accounting firm",
    description:
      "The managing partner of a 40-person accounting firm is planning for the next tax season. Find out what chasing client documents costs the firm and agree a next step.",
    scenario: {
      kind: "sales-discovery",
      objective:
        "You sell Gather, a client portal that collects documents and signatures automatically. Learn how Mehta & Cole collects client paperwork, what the busy season costs its people, and agree a walkthrough.",
    },
    scorecard: discoveryScorecard(),
    persona: {
      name: "Rahul Mehta",
      role: "Managing Partner",
      situation:
        "Leads a 40-person accounting firm serving about 1,800 families and small businesses. The call is in the quiet month before the tax season starts.",
      background:
        "Founded the firm with a university friend 15 years ago. Still handles a list of his own clients besides running the practice.",
      pain_points: [
        "Staff chase clients for missing documents by email for weeks every tax season. Returns sit half-finished until the last paper arrives",
        "Partners work most weekends from January to April",
        "Two experienced accountants left last year, citing burnout",
      ],
      goals: [
        "Finish 80% of personal tax returns by the end of February",
        "Keep every accountant through the next busy season",
      ],
      close:
        "Would agree to a walkthrough with the practice manager next week if it connects to their accounting software.",
      company: {
        name: "Mehta & Cole",
        size: "40 staff, 4 partners",
        revenue: "$6M",
        industry: "Accounting and tax services",
      },
      personality: {
        communication_style: "Thoughtful and talkative once he trusts you",
        decision_making: "Can approve up to $5,000 a year alone; anything larger goes to the partners' meeting",
        concerns: "Clients refusing to use yet another portal; the security of clients' financial records",
        motivations: "A March with free weekends for the first time in years",
      },
    },
  },
];
