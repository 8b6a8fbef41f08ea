import type { Metadata } from "next";

import { FormLoadError, FormPage } from "@/components/roleplay-form/form-page";
import { RoleplayForm } from "@/components/roleplay-form/roleplay-form";
import { requirePageUser } from "@/lib/auth/page";
import { loadCreateForm } from "@/lib/roleplays/workspace";

export const metadata: Metadata = { title: "Create schema" };

export default async function CreateRoleplayPage() {
  const user = await requirePageUser();
  const loaded = await loadCreateForm(user);
  return (
    <FormPage title="Create Roleplay Schema" intro="Describe the persona your learners will practise with.">
      {loaded.ok ? (
        <RoleplayForm groups={loaded.value.groups} isDev={user.isDev} aiGrading={loaded.value.aiGrading} />
      ) : (
        <FormLoadError title="You cannot create schemas here" message={loaded.message} />
      )}
    </FormPage>
  );
}
