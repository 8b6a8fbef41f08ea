import { BarChart3, MessagesSquare, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Workspace" };

const areas = [
  {
    title: "Conversation Management",
    text: "Organise roleplay schemas into libraries.",
    icon: MessagesSquare,
    action: "Manage Conversations",
  },
  {
    title: "User Management",
    text: "Invite learners and arrange them into groups.",
    icon: Users,
    action: "Manage Users",
  },
  { title: "Analytics", text: "Follow progress across cohorts over time.", icon: BarChart3, action: "View Analytics" },
];

/** A placeholder: the buttons do nothing yet, and say so. */
export default function WorkspacePage() {
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Workspace</h1>
        <Button variant="outline" asChild>
          <Link href="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
      <Alert>
        <AlertTitle>Workspace Coming Soon</AlertTitle>
        <AlertDescription>
          These tools are being built. Schemas are created and edited from the dashboard for now.
        </AlertDescription>
      </Alert>
      <div className="grid gap-4 md:grid-cols-3">
        {areas.map(({ title, text, icon: Icon, action }) => (
          <Card key={title}>
            <CardHeader>
              <Icon className="size-6 text-primary" aria-hidden />
              <CardTitle>
                <h2>{title}</h2>
              </CardTitle>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button variant="secondary" disabled aria-describedby="coming-soon">
                {action}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <p id="coming-soon" className="sr-only">
        Coming soon
      </p>
    </main>
  );
}
