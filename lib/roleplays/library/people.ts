import { DEFAULT_SCORECARDS } from "@/lib/grading/default-scorecards";

import type { LibraryEntry } from "./types";

/** Job interviews (the learner is the candidate) and customer service calls (the learner is the agent). */
export const peopleEntries: LibraryEntry[] = [
  {
    key: "interview-graduate-sdr",
    category: "job-interview",
    industry: "Software",
    difficulty: "beginner",
    recommended: true,
    summary: "A first-round interview for a graduate sales development role with a supportive manager.",
    name: "Job interview: graduate sales development representative",
    description:
      "A sales development manager interviews you for a graduate role booking meetings for account executives. Give specific examples, and ask about the team.",
    scenario: {
      kind: "job-interview",
      objective:
        "You are a final-year student applying to be a sales development representative at Cloudline. Answer with real examples from study, work or clubs, ask thoughtful questions, and ask about the next round.",
    },
    scorecard: structuredClone(DEFAULT_SCORECARDS["job-interview"]),
    persona: {
      name: "Lucy Adams",
      role: "Sales Development Manager",
      situation:
        "Hiring two graduates for her team of eight sales development representatives. This is a 20-minute first-round video interview.",
      background:
        "Started as a sales development representative at Cloudline five years ago and now runs the team. Looks for curiosity and resilience over polish.",
      pain_points: [
        "Her new hires take four months to book their first ten meetings",
        "Half of last year's hires left within a year",
        "The team relies on email and avoids the phone",
      ],
      goals: [
        "Hire two people who book 12 qualified meetings a month by their third month",
        "Build a team that stays past the first year",
      ],
      close: "Would invite a strong candidate to a final-round role-play with the sales director.",
      company: {
        name: "Cloudline",
        size: "300 employees",
        industry: "Cloud software for accountants",
      },
      personality: {
        communication_style: "Warm and encouraging; asks follow-up questions about your examples",
        decision_making: "Shortlists for the sales director, who makes the final call",
        concerns: "Rehearsed answers without real examples; candidates only wanting to skip ahead to closing deals",
        motivations: "Promoting her own hires into account executive roles",
      },
    },
  },
  {
    key: "interview-customer-success",
    category: "job-interview",
    industry: "Software",
    difficulty: "intermediate",
    recommended: false,
    summary: "A head of customer success probes how you would keep small customers from leaving.",
    name: "Job interview: customer success manager",
    description:
      "The head of customer success at an accounting software company interviews you for a role looking after 150 small business customers. Show how you would cut churn.",
    scenario: {
      kind: "job-interview",
      objective:
        "You are interviewing for a customer success manager role at Ledgerly. Answer with structured examples of helping customers, find out what the team is struggling with, and close with interest in the role.",
    },
    scorecard: structuredClone(DEFAULT_SCORECARDS["job-interview"]),
    persona: {
      name: "Omar Haddad",
      role: "Head of Customer Success",
      situation:
        "Building out a customer success team at a company selling accounting software to small businesses. Second-round interview, 30 minutes.",
      background:
        "Spent six years in support and account management before setting up the customer success team two years ago. Reports to the chief revenue officer.",
      pain_points: [
        "Churn rose to 14% a year among small accounts",
        "His customer success managers spend most of the week on support tickets",
        "Nobody owns onboarding for new customers",
      ],
      goals: ["Bring annual churn below 8%", "Run a proper onboarding programme for every new customer"],
      close: "Would invite a strong candidate to present a 30-60-90 day plan to the team.",
      company: {
        name: "Ledgerly",
        size: "180 employees, 9,000 customers",
        industry: "Accounting software for small businesses",
      },
      personality: {
        communication_style: "Friendly but probing; asks 'and what did you do next?' after every example",
        decision_making: "Decides with the chief revenue officer after a panel round",
        concerns: "Candidates seeing the job as support under another name; people with no feel for numbers",
        motivations: "Proving customer success can pay for itself in retained revenue",
      },
    },
  },
  {
    key: "service-broadband-outage",
    category: "customer-service",
    industry: "Telecoms",
    difficulty: "beginner",
    recommended: true,
    summary: "A frustrated home worker whose broadband drops every evening calls for the third time.",
    name: "Customer service: broadband keeps dropping",
    description:
      "A customer calls because her broadband has dropped out every evening for over a week. Calm the call, find out what is happening, and agree a fix.",
    scenario: {
      kind: "customer-service",
      objective:
        "You are a support agent at Brightwave Broadband. Acknowledge how she feels, ask what you need to diagnose the fault, own the problem, and agree a clear resolution and timeline.",
    },
    scorecard: structuredClone(DEFAULT_SCORECARDS["customer-service"]),
    persona: {
      name: "Karen Whitmore",
      role: "Freelance graphic designer",
      situation:
        "Has been a Brightwave Broadband customer for six years and works from home. She is ringing about her connection for the third time this week.",
      background:
        "Lives with her partner and two teenagers who game online in the evenings. Has never had a fault with Brightwave before this month.",
      pain_points: [
        "The broadband has cut out every evening for eight days",
        "She has called twice already and had to repeat everything each time",
        "She missed a client video call on Tuesday when the line went down",
      ],
      goals: ["Get a connection that stays up during working hours", "Get money back for the days without service"],
      close: "Would accept an engineer visit this week and a credit on her next bill.",
      personality: {
        communication_style: "Frustrated but fair; calms down when someone takes ownership",
        decision_making: "Will cancel and switch providers if nothing changes this week",
        concerns: "Being passed to another department again; paying full price for a service that does not work",
        motivations: "Keeping her clients, who expect her on video calls",
      },
    },
  },
  {
    key: "service-missed-delivery",
    category: "customer-service",
    industry: "Retail",
    difficulty: "advanced",
    recommended: false,
    summary: "An angry customer whose sofa delivery was missed twice wants a refund and a guarantee.",
    name: "Customer service: sofa delivery missed twice",
    description:
      "A customer rings after his sofa delivery was missed for the second time. He is angry and threatening to cancel. Own the problem and rebuild his trust.",
    scenario: {
      kind: "customer-service",
      objective:
        "You are a customer care agent at Oakhaus Furniture. Let him vent, acknowledge the failure without blaming the courier, find what he needs, and agree a resolution he accepts.",
    },
    scorecard: structuredClone(DEFAULT_SCORECARDS["customer-service"]),
    persona: {
      name: "Mark Sullivan",
      role: "Secondary school teacher",
      situation:
        "Ordered a $1,400 corner sofa from Oakhaus Furniture six weeks ago. The delivery has been missed twice and he is calling customer care.",
      background:
        "Moved into his first house a month ago and has been sitting on garden chairs since. Took two days of unpaid leave for the deliveries.",
      pain_points: [
        "The sofa delivery was missed twice after he took days off work for it",
        "Nobody called to say the van was not coming",
        "He was charged $79 for a delivery that never happened",
      ],
      goals: ["Get a guaranteed delivery slot on a Saturday", "Get the delivery charge refunded"],
      close: "Would accept a confirmed Saturday delivery and a refund of the delivery charge.",
      personality: {
        communication_style: "Angry at first; sarcastic when given a script",
        decision_making: "Will cancel the order and post a review if this call goes badly",
        concerns: "Another promise nobody keeps; being told it is the courier's fault",
        motivations: "Having somewhere to sit when his parents visit next weekend",
      },
    },
  },
];
