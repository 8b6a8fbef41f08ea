import { withUser } from "@/lib/api/handler";
import { readAudioUpload, transcribeCall } from "@/lib/real-calls/audio";

/** A stereo call recording (one speaker per channel) becomes a transcript to preview; stores nothing. */
export const POST = withUser(
  async ({ req }) => {
    const { audio, filename } = await readAudioUpload(req);
    return transcribeCall(audio, filename);
  },
  { role: "user" },
);
