"use client";

import { useRef, useState } from "react";
import { Plus } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { api, redirectIfAuthError } from "@/lib/client/api";
import { SeedGroupFields } from "./seed-group-fields";
import { LegacyFields } from "./seed-legacy-fields";
import {
  defaultGroup, downloadCsv, groupAdmins, groupUsers, legacyAdmins, legacyUsers, newGroup,
  type GroupDraft, type SeedMode, type SeedResponse,
} from "./seed-form-state";

type Errors = { org_name?: string; groups?: string; groupNames?: Record<number, string>; form?: string };

export function SeedForm({ onSeeded }: { onSeeded: (organization: SeedResponse["organization"]) => void }) {
  const [orgName, setOrgName] = useState("");
  const [description, setDescription] = useState("");
  const [mode, setMode] = useState<SeedMode>("legacy");
  const [legacy, setLegacy] = useState({ num_users: "1", num_admins: "1" });
  const [groups, setGroups] = useState<GroupDraft[]>([defaultGroup(0)]);
  const nextKey = useRef(1);
  const [errors, setErrors] = useState<Errors>({});
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const patchGroup = (key: number, patch: Partial<GroupDraft>) =>
    setGroups((gs) => gs.map((g) => (g.key === key ? { ...g, ...patch } : g)));
  const addGroup = () => setGroups((gs) => [...gs, newGroup(nextKey.current++, gs.length + 1)]);
  const removeGroup = (key: number) => setGroups((gs) => (gs.length > 1 ? gs.filter((g) => g.key !== key) : gs));

  function validate(): Errors {
    const found: Errors = {};
    if (!orgName.trim()) found.org_name = "Organization name is required";
    if (mode === "group") {
      if (groups.length === 0) found.groups = "At least one group is required";
      const blank = groups.filter((g) => !g.name.trim());
      if (blank.length) found.groupNames = Object.fromEntries(blank.map((g) => [g.key, "Group name is required"]));
    }
    return found;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSuccess(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    const payload =
      mode === "legacy"
        ? { org_name: orgName.trim(), description, num_users: legacyUsers(legacy.num_users), num_admins: legacyAdmins(legacy.num_admins) }
        : {
            org_name: orgName.trim(),
            description,
            groups: groups.map((g) => ({
              name: g.name.trim(), description: g.description, num_users: groupUsers(g.num_users), num_admins: groupAdmins(g.num_admins),
            })),
          };
    setBusy(true);
    try {
      const result = await api<SeedResponse>("/api/dev/seed/organization", { method: "POST", body: payload });
      downloadCsv(result, orgName.trim());
      setSuccess(`Organization "${result.organization.name}" created. The CSV with its logins has been downloaded; it is the only copy of the passwords.`);
      setOrgName("");
      setDescription("");
      onSeeded(result.organization);
    } catch (err) {
      if (redirectIfAuthError(err)) return;
      setErrors({ form: err instanceof Error ? err.message : "Failed to seed organization" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Seed Organization</h2>
        </CardTitle>
        <CardDescription>Creates an organisation with anonymous pilot accounts and downloads their logins as CSV.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4">
          {errors.form && (
            <Alert variant="destructive">
              <AlertDescription>{errors.form}</AlertDescription>
            </Alert>
          )}
          {success && (
            <Alert variant="success" role="status">
              <AlertDescription>{success}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="seed-org-name">Organization Name</Label>
            <Input
              id="seed-org-name"
              value={orgName}
              onChange={(e) => setOrgName(e.target.value)}
              aria-invalid={errors.org_name ? true : undefined}
              aria-describedby={errors.org_name ? "seed-org-name-error" : undefined}
            />
            {errors.org_name && <p id="seed-org-name-error" className="text-sm text-destructive" aria-live="polite">{errors.org_name}</p>}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="seed-description">Description</Label>
            <Textarea id="seed-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Mode</legend>
            <RadioGroup value={mode} onValueChange={(v) => setMode(v as SeedMode)} className="flex flex-wrap gap-6">
              <div className="flex items-center gap-2">
                <RadioGroupItem value="legacy" id="seed-mode-legacy" />
                <Label htmlFor="seed-mode-legacy">Legacy mode</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="group" id="seed-mode-group" />
                <Label htmlFor="seed-mode-group">Group mode</Label>
              </div>
            </RadioGroup>
          </fieldset>
          {mode === "legacy" ? (
            <LegacyFields value={legacy} onChange={(patch) => setLegacy((v) => ({ ...v, ...patch }))} />
          ) : (
            <div className="space-y-3">
              {groups.map((g, i) => (
                <SeedGroupFields
                  key={g.key} group={g} index={i} canRemove={groups.length > 1} nameError={errors.groupNames?.[g.key]}
                  onChange={(patch) => patchGroup(g.key, patch)} onRemove={() => removeGroup(g.key)}
                />
              ))}
              {errors.groups && <p className="text-sm text-destructive" aria-live="polite">{errors.groups}</p>}
              <Button type="button" variant="outline" size="sm" onClick={addGroup}>
                <Plus aria-hidden />
                Add Group
              </Button>
            </div>
          )}
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? "Seeding..." : "Seed Organization"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
