import { body, withUser } from "@/lib/api/handler";
import { joinWithCode } from "@/lib/organizations/join-codes";
import { clientAddress } from "@/lib/rate-limit";
import { joinOrganizationSchema } from "@/lib/validations/join-code";

export const POST = withUser(
  async ({ req, caller }) => {
    const { code } = await body(req, joinOrganizationSchema);
    return joinWithCode(caller.user, code, clientAddress(req.headers));
  },
  { role: "user" },
);
