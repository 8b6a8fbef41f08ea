import type { Metadata } from "next";
import { FormLoadError, FormPage } from "@/components/schema-form/form-page";
import { SchemaForm } from "@/components/schema-form/schema-form";
import { requirePageUser } from "@/lib/auth/page";
import { loadEditForm } from "@/lib/schemas/workspace";

export const metadata: Metadata = { title: "Edit schema" };

export default async function EditSchemaPage({ params }: { params: Promise<{ schemaId: string }> }) {
  const [user, { schemaId }] = await Promise.all([requirePageUser(), params]);
  const loaded = await loadEditForm(user, schemaId);
  return (
    <FormPage title="Edit Roleplay Schema" intro="Changes apply to new conversations; past ones keep their snapshot.">
      {loaded.ok ? (
        <SchemaForm key={loaded.value.schema.id} schema={loaded.value.schema} groups={loaded.value.groups} isDev={user.isDev} />
      ) : (
        <FormLoadError title="Error" message={`Failed to load schema: ${loaded.message}`} />
      )}
    </FormPage>
  );
}
