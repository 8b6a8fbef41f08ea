import type { Metadata } from "next";

import { FormLoadError, FormPage } from "@/components/roleplay-form/form-page";
import { RoleplayForm } from "@/components/roleplay-form/roleplay-form";
import { requirePageUser } from "@/lib/auth/page";
import { loadEditForm } from "@/lib/roleplays/workspace";

export const metadata: Metadata = { title: "Edit schema" };

export default async function EditRoleplayPage({ params }: { params: Promise<{ roleplayId: string }> }) {
  const [user, { roleplayId }] = await Promise.all([requirePageUser(), params]);
  const loaded = await loadEditForm(user, roleplayId);
  return (
    <FormPage title="Edit Roleplay Schema" intro="Changes apply to new conversations; past ones keep their snapshot.">
      {loaded.ok ? (
        <RoleplayForm
          key={loaded.value.roleplay.id}
          roleplay={loaded.value.roleplay}
          groups={loaded.value.groups}
          isDev={user.isDev}
          aiGrading={loaded.value.aiGrading}
        />
      ) : (
        <FormLoadError title="Error" message={`Failed to load schema: ${loaded.message}`} />
      )}
    </FormPage>
  );
}
