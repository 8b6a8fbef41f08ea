import type { Persona } from "@/lib/validations/persona";

type DemoRoleplay = {
  name: string;
  description: string;
  is_public: boolean;
  persona: Persona;
  groups: string[];
};

export const demoRoleplays: DemoRoleplay[] = [
  {
    name: "Discovery call: logistics operations lead",
    description:
      "First call with an operations lead whose warehouse misses shipping cut-offs. Practise SPIN discovery before pitching.",
    is_public: true,
    groups: [],
    persona: {
      name: "Dana Whitfield",
      role: "Head of Operations",
      situation:
        "Runs two regional warehouses shipping about 4,000 orders a day. Agreed to a 20-minute intro call after a cold email but is busy and a little guarded.",
      background:
        "Twelve years in logistics, promoted from shift supervisor. Was burned two years ago by a WMS rollout that ran six months late.",
      pain_points: [
        "Roughly 6% of orders miss the carrier cut-off during peak weeks",
        "Pick-list errors are found only when customers complain",
        "Overtime costs went up 30% this year",
      ],
      goals: ["Ship 99% of orders same day by next peak season", "Cut overtime back to last year's level"],
      close: "Would agree to a 45-minute workflow review with her two shift leads if the value is clear.",
      company: {
        name: "Harbor & Pine Outfitters",
        size: "350 employees",
        industry: "Outdoor retail e-commerce",
        revenue: "$90M",
      },
      personality: {
        communication_style: "Direct, short answers until she trusts you",
        decision_making: "Needs numbers and a low-risk first step",
        concerns: "Another long implementation",
        motivations: "Being seen by the COO as the person who fixed peak season",
      },
    },
  },
  {
    name: "Renewal at risk: SaaS finance director",
    description:
      "A customer's finance director is considering cancelling at renewal. Uncover why and find a path to keep the account.",
    is_public: false,
    groups: ["Cohort A"],
    persona: {
      name: "Marcus Oyelaran",
      role: "Finance Director",
      situation: "His company's contract renews in 30 days and he has been asked to cut software spend by 15%.",
      background: "Former auditor, careful with numbers, did not sign the original deal and inherited the tool.",
      pain_points: ["Only 40% of purchased seats are active", "Cannot show the board what the tool returns"],
      goals: ["Meet the 15% cost-cutting target", "Keep the sales team's forecasting accurate"],
      close: "Would accept a right-sized renewal with a usage review after 90 days.",
    },
  },
  {
    name: "Graduate interview: product analyst",
    description:
      "A hiring manager interviews you for a junior product analyst role. Ask good questions about the team as well as answering.",
    is_public: false,
    groups: ["Cohort B"],
    persona: {
      name: "Priya Raman",
      role: "Analytics Manager",
      situation:
        "Hiring her first junior analyst; has fifteen interviews this week and wants someone curious who asks good questions.",
      background: "Built the analytics team from scratch at a mid-size fintech; values clear communication over tools.",
      pain_points: ["Her team spends too long on ad-hoc data requests", "Dashboards go unused by product managers"],
      goals: ["Hire someone who can own the weekly product metrics review", "Free up time for experimentation work"],
      close: "Would invite a strong candidate to a take-home case study.",
    },
  },
];
