import { body, withPublic } from "@/lib/api/handler";
import { clientAddress } from "@/lib/rate-limit";
import { waitlistSchema } from "@/lib/validations/waitlist";
import { joinWaitlist, limitWaitlistAttempts } from "@/lib/waitlist/service";

export const POST = withPublic(async ({ req }) => {
  await limitWaitlistAttempts(clientAddress(req.headers));
  return joinWaitlist(await body(req, waitlistSchema));
});
