import { describe, expect, it } from "vitest";

import { courseRole, ROLE_RULES } from "@/lib/lti/claims";

const CONTEXT = "http://purl.imsglobal.org/vocab/lis/v2/membership#";

describe("LTI role rules", () => {
  for (const rule of ROLE_RULES) {
    it(`${rule.id}: its examples`, () => {
      for (const hit of rule.examples.hit) expect(rule.pattern.test(hit), hit).toBe(true);
      for (const miss of rule.examples.miss) expect(rule.pattern.test(miss), miss).toBe(false);
    });
  }

  it.each([
    [[`${CONTEXT}Learner`], "learner"],
    [[`${CONTEXT}Instructor`], "instructor"],
    // Instructor wins over learner, whatever the order.
    [[`${CONTEXT}Learner`, `${CONTEXT}Instructor`], "instructor"],
    [["http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"], "instructor"],
    // An institution role says nothing about this course.
    [["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator"], "none"],
    [[`${CONTEXT}Mentor`], "none"],
    [[], "none"],
  ])("%j is %s", (roles, expected) => {
    expect(courseRole(roles as string[]).role).toBe(expected);
  });
});
