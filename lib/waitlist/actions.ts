"use server";

import { headers } from "next/headers";

import { actionErrorMessage, type ActionState, publicAction } from "@/lib/actions";
import { declareAccess } from "@/lib/auth/roles";
import { clientAddress } from "@/lib/rate-limit";
import { waitlistSchema } from "@/lib/validations/waitlist";
import { joinWaitlist, limitWaitlistAttempts } from "@/lib/waitlist/service";

function readWaitlistForm(fd: FormData) {
  const text = (key: string) => {
    const v = fd.get(key);
    return typeof v === "string" ? v : null;
  };
  return {
    email: text("email") ?? "",
    name: text("name"),
    interests: fd.getAll("interests"),
    otherDetails: text("otherDetails"),
  };
}

const join = publicAction(waitlistSchema, async (input) => ({ success: (await joinWaitlist(input)).message }), {
  read: readWaitlistForm,
});

/** Same rules as POST /api/public/waitlist: every attempt counts against the caller's address. */
export const joinWaitlistAction = declareAccess(
  async (prev: ActionState, formData: FormData): Promise<ActionState> => {
    try {
      await limitWaitlistAttempts(clientAddress(await headers()));
    } catch (err) {
      return { error: actionErrorMessage(err) };
    }
    return join(prev, formData);
  },
  { role: "public" },
);
