"use client";

import { Plus, Printer } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { api, redirectIfAuthError } from "@/lib/client/api";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { saveSeed } from "@/lib/client/storage";

import {
  downloadCsv,
  initialSeedValues,
  newGroup,
  type SeedFormValues,
  type SeedResponse,
  toSeedRequest,
} from "./seed-form-state";
import { SeedGroupFields } from "./seed-group-fields";
import { LegacyFields } from "./seed-legacy-fields";
import { useSeedError } from "./use-seed-error";

/** The shared seed schema is the form's only rule book; it judges the request the form would send. */
const { resolver, preload } = lazyResolver<SeedFormValues>(async () => {
  const [{ zodResolver }, { seedRequestSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/validations/seed"),
  ]);
  return zodResolver(seedRequestSchema) as never;
}, toSeedRequest);

type Notice = { kind: "error" | "success"; text: string; cards?: boolean } | null;

/** Stays on POST /api/dev/seed/organization: its answer carries the CSV, and its 401 follows the developer tools' rule. */
/** `recommendedRoleplays`: how many roleplays of the starter library a new organisation begins with. */
export function SeedForm({
  recommendedRoleplays,
  onSeeded,
}: {
  recommendedRoleplays: number;
  onSeeded: (organization: SeedResponse["organization"]) => void;
}) {
  const form = useForm<SeedFormValues>({ defaultValues: initialSeedValues(), resolver });
  useEffect(() => void preload().catch(() => undefined), []);
  const { control, register, handleSubmit, formState, setValue } = form;
  const mode = useWatch({ control, name: "mode" });
  const groups = useFieldArray({ control, name: "groups" });
  const [notice, setNotice] = useState<Notice>(null);
  const orgNameError = useSeedError("org_name", control);
  const groupsError = useSeedError("groups", control);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const result = await api<SeedResponse>("/api/dev/seed/organization", {
        method: "POST",
        body: toSeedRequest(values),
      });
      downloadCsv(result);
      saveSeed({ organization: result.organization.name, csv_data: result.csv_data });
      setNotice({
        kind: "success",
        text: `Organization "${result.organization.name}" created. The CSV with its logins has been downloaded: it and this tab's sign-in cards are the only copies of the passwords.`,
        cards: true,
      });
      setValue("org_name", "");
      setValue("description", "");
      onSeeded(result.organization);
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setNotice({ kind: "error", text: err instanceof Error ? err.message : "Failed to seed organization" });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Seed Organization</h2>
        </CardTitle>
        <CardDescription>
          Creates an organisation with anonymous pilot accounts and downloads their logins as CSV. It starts with the
          starter library&apos;s {recommendedRoleplays} recommended roleplays, open to every group; its admins can add
          more from the library. A seed&apos;s CSV also makes{" "}
          <Link href="/development/sign-in-cards" className="font-medium text-primary underline underline-offset-4">
            printable sign-in cards
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate className="space-y-4">
            {notice && (
              <Alert
                variant={notice.kind === "error" ? "destructive" : "success"}
                role={notice.kind === "success" ? "status" : undefined}
              >
                <AlertDescription>
                  <p>{notice.text}</p>
                  {notice.cards && (
                    <Button asChild size="sm" className="mt-2">
                      <Link href="/development/sign-in-cards">
                        <Printer aria-hidden />
                        Print sign-in cards
                      </Link>
                    </Button>
                  )}
                </AlertDescription>
              </Alert>
            )}
            <div className="space-y-1.5">
              <Label htmlFor="seed-org-name">Organization Name</Label>
              <Input
                id="seed-org-name"
                aria-invalid={orgNameError ? true : undefined}
                aria-describedby="seed-org-name-error"
                {...register("org_name")}
              />
              <p id="seed-org-name-error" className="text-sm text-destructive empty:hidden" aria-live="polite">
                {orgNameError}
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="seed-description">Description</Label>
              <Textarea id="seed-description" {...register("description")} />
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">Mode</legend>
              <Controller
                control={control}
                name="mode"
                render={({ field }) => (
                  <RadioGroup value={field.value} onValueChange={field.onChange} className="flex flex-wrap gap-6">
                    <div className="flex items-center gap-2">
                      <RadioGroupItem value="legacy" id="seed-mode-legacy" />
                      <Label htmlFor="seed-mode-legacy">Legacy mode</Label>
                    </div>
                    <div className="flex items-center gap-2">
                      <RadioGroupItem value="group" id="seed-mode-group" />
                      <Label htmlFor="seed-mode-group">Group mode</Label>
                    </div>
                  </RadioGroup>
                )}
              />
            </fieldset>
            {mode === "legacy" ? (
              <LegacyFields />
            ) : (
              <div className="space-y-3">
                {groups.fields.map((g, i) => (
                  <SeedGroupFields
                    key={g.id}
                    rowKey={g.id}
                    index={i}
                    canRemove={groups.fields.length > 1}
                    onRemove={() => groups.remove(i)}
                  />
                ))}
                <p className="text-sm text-destructive empty:hidden" aria-live="polite">
                  {groupsError}
                </p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => groups.append(newGroup(groups.fields.length + 1), { shouldFocus: false })}
                >
                  <Plus aria-hidden />
                  Add Group
                </Button>
              </div>
            )}
            <Button type="submit" disabled={formState.isSubmitting} className="w-full sm:w-auto">
              {formState.isSubmitting ? "Seeding..." : "Seed Organization"}
            </Button>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
