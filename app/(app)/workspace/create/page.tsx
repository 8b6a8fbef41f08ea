import type { Metadata } from "next";
import { FormLoadError, FormPage } from "@/components/schema-form/form-page";
import { SchemaForm } from "@/components/schema-form/schema-form";
import { requirePageUser } from "@/lib/auth/page";
import { loadCreateForm } from "@/lib/schemas/workspace";

export const metadata: Metadata = { title: "Create schema" };

export default async function CreateSchemaPage() {
  const user = await requirePageUser();
  const loaded = await loadCreateForm(user);
  return (
    <FormPage title="Create Roleplay Schema" intro="Describe the persona your learners will practise with.">
      {loaded.ok ? (
        <SchemaForm groups={loaded.value.groups} isDev={user.isDev} />
      ) : (
        <FormLoadError title="You cannot create schemas here" message={loaded.message} />
      )}
    </FormPage>
  );
}
