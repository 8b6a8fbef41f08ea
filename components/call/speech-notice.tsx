import { MicOff, X } from "lucide-react";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

import type { SpeechProblem } from "./speech-errors";

/** Why speech input is not working, above the controls; the text box has the focus by then. */
export function SpeechNotice({ problem, onDismiss }: { problem: SpeechProblem; onDismiss: () => void }) {
  return (
    <Alert id="speech-problem" variant="warning" data-code={problem.code} className="shrink-0 rounded-xl pr-12">
      <MicOff aria-hidden />
      <AlertDescription>{problem.message}</AlertDescription>
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-1.5 right-1.5 size-8 sm:size-8"
        onClick={onDismiss}
        aria-label="Dismiss"
      >
        <X aria-hidden />
      </Button>
    </Alert>
  );
}
