"use server";

import { actionErrorMessage, type ActionState, fieldErrorsOf } from "@/lib/actions";
import { assertSaneJson } from "@/lib/api/body";
import { declareAccess } from "@/lib/auth/roles";
import { deepLinkPickSchema } from "@/lib/validations/lti";

import { completeDeepLink } from "./deep-linking";
import { currentRequestUrl } from "./tool-urls";

export type DeepLinkState = ActionState & { response?: { returnUrl: string; jwt: string } };

/**
 * The picker's submit. No session is needed (inside the LMS's frame there is none): the sealed context from
 * the verified deep-linking launch says who picks, for which course, and is refused after one use:
 * public as far as the role table goes, authorised by that context.
 */
export const submitDeepLink = declareAccess(
  async (_prev: DeepLinkState, formData: FormData): Promise<DeepLinkState> => {
    try {
      const raw = Object.fromEntries(formData);
      assertSaneJson(raw);
      const parsed = deepLinkPickSchema.safeParse(raw);
      if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error) };
      const done = await completeDeepLink(parsed.data, await currentRequestUrl());
      return { success: "Added to your course", response: { returnUrl: done.returnUrl, jwt: done.jwt } };
    } catch (err) {
      return { error: actionErrorMessage(err) };
    }
  },
  { role: "public" },
);
