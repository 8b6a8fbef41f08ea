import { describe, expect, it } from "vitest";

import { seedRequestSchema } from "@/lib/validations/seed";

const parse = (input: unknown) => seedRequestSchema.safeParse(input);
const messages = (input: unknown) => {
  const result = parse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("seed request: legacy mode", () => {
  it.each([
    [{ num_users: 5, num_admins: 2 }, 5, 2],
    [{ num_users: "7", num_admins: "0" }, 7, 0],
    [{}, 1, 1],
    [{ num_users: "abc", num_admins: null }, 1, 1],
    [{ num_users: 50, num_admins: 10 }, 50, 10],
  ])("turns %j into one default group of %i users and %i admins", (counts, users, admins) => {
    const result = seedRequestSchema.parse({ org_name: " Pilot ", description: "d", ...counts });
    expect(result.org_name).toBe("Pilot");
    expect(result.groups).toEqual([
      { name: "Default Group", description: "Main user group", num_users: users, num_admins: admins },
    ]);
  });

  it.each([
    [{ num_users: 51 }, "Number of users must be between 0 and 50"],
    [{ num_users: -1 }, "Number of users must be between 0 and 50"],
    [{ num_admins: 11 }, "Number of admins must be between 0 and 10"],
    [{ num_users: 2.5 }, "Number of users must be a whole number"],
  ])("refuses %j", (counts, message) => {
    expect(messages({ org_name: "Pilot", ...counts })).toEqual([message]);
  });
});

describe("seed request: group mode", () => {
  it("keeps each group and falls back to 0 for non-numbers", () => {
    const result = seedRequestSchema.parse({
      org_name: "Pilot",
      groups: [
        { name: "Cohort A", description: "Mon", num_users: 100, num_admins: 50 },
        { name: "Cohort B", num_users: "x" },
      ],
    });
    expect(result.description).toBe("");
    expect(result.groups).toEqual([
      { name: "Cohort A", description: "Mon", num_users: 100, num_admins: 50 },
      { name: "Cohort B", description: "", num_users: 0, num_admins: 0 },
    ]);
  });

  it.each([
    [{ org_name: "  ", groups: [{ name: "A" }] }, "Organization name is required"],
    [{ org_name: "Pilot", groups: [] }, "At least one group is required"],
    [{ org_name: "Pilot", groups: [{ name: "A", num_users: 101 }] }, "Number of users must be between 0 and 100"],
    [{ org_name: "Pilot", groups: [{ name: "A", num_admins: 51 }] }, "Number of admins must be between 0 and 50"],
    [{ org_name: "Pilot", groups: [{ name: " " }] }, "Group name is required"],
    [{ org_name: "Pilot", groups: [{ name: "A" }, { name: "a" }] }, "Group names must be unique"],
    [
      { org_name: "Pilot", groups: Array.from({ length: 21 }, (_, i) => ({ name: `G${i}` })) },
      "At most 20 groups can be seeded at once",
    ],
    [
      { org_name: "Pilot", groups: Array.from({ length: 11 }, (_, i) => ({ name: `G${i}`, num_users: 100 })) },
      "At most 1000 accounts can be seeded at once",
    ],
  ])("refuses %#", (input, message) => {
    expect(messages(input)).toContain(message);
  });
});
