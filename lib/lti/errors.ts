import { AppError, errorTypeOfStatus } from "@/lib/errors";

/**
 * Every way a login or launch is refused, with its status and the message a person sees (inside their LMS,
 * so it says what to do there). Code branches on the reason; the AppError code is the status's type on "lti".
 */
const LTI_ERRORS = {
  bad_request: [400, "This LMS launch is missing parameters. Open the activity from your course again."],
  unknown_issuer: [400, "This LMS is not registered with Parley. Ask your Parley admin to add it on the LTI page."],
  ambiguous_issuer: [400, "Several Parley registrations use this LMS: it must send client_id with the login."],
  bad_target: [400, "The launch points outside Parley. Check the tool's URLs in your LMS."],
  missing_state: [400, "This launch has expired or was already used. Open the activity from your course again."],
  bad_token: [401, "The LMS's sign-in token could not be verified. Open the activity from your course again."],
  expired_token: [401, "The LMS's sign-in token has expired. Open the activity from your course again."],
  wrong_issuer: [401, "The sign-in token was issued by a different LMS than the one that started this launch."],
  wrong_audience: [401, "The sign-in token was issued for another tool, not for this Parley registration."],
  nonce_mismatch: [401, "The sign-in token does not belong to this launch. Open the activity from your course again."],
  replayed_nonce: [401, "This sign-in token was already used. Open the activity from your course again."],
  unknown_deployment: [
    403,
    "This LMS deployment is not registered with Parley. Ask your Parley admin to add its deployment id.",
  ],
  bad_claims: [400, "The LMS sent a launch Parley does not understand."],
  anonymous: [
    400,
    "Parley needs to know who you are: this LMS launched anonymously. Ask your LMS admin to share the user id.",
  ],
  handoff_expired: [
    400,
    "This sign-in link has expired or was already used. Open the activity from your course again.",
  ],
  too_many: [429, "Too many launches from this network. Wait a few minutes, then open the activity again."],
  platform_unreachable: [502, "Parley could not reach your LMS's keys. Try again in a minute."],
} as const satisfies Record<string, readonly [number, string]>;

type LtiErrorCode = keyof typeof LTI_ERRORS;

class LtiError extends AppError {
  constructor(
    readonly reason: LtiErrorCode,
    detail?: string,
  ) {
    const [status, message] = LTI_ERRORS[reason];
    super(`${errorTypeOfStatus(status)}:lti`, detail ? `${message} (${detail})` : message);
    this.name = "LtiError";
  }
}

export const ltiError = (code: LtiErrorCode, detail?: string) => new LtiError(code, detail);
