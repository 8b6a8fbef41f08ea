import { SkillProgress } from "@/components/progress/skill-progress";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { OwnProgress } from "@/lib/progress/service";

/** The learner's own progress by skill: a chart per skill and first, best, latest and proficiency for each. */
export function YourProgress({ progress }: { progress: OwnProgress }) {
  return (
    <Card role="region" aria-labelledby="your-progress" id="your-progress-card">
      <CardHeader>
        <CardTitle>
          <h2 id="your-progress">Your progress</h2>
        </CardTitle>
        <CardDescription>
          {progress.sessions === 0
            ? "Your scores appear here once a practice conversation is graded."
            : "How each skill is going: per roleplay, scorecard criterion and SPIN stage. Uploaded real calls and calls with too little to grade are not practice scores and are left out."}
        </CardDescription>
      </CardHeader>
      {progress.sessions > 0 ? (
        <CardContent>
          <SkillProgress data={progress} viewer="self" />
        </CardContent>
      ) : null}
    </Card>
  );
}
