/** A field's error under it, announced when it changes; the field points at it with aria-describedby. */
export function FieldMessage({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="text-sm text-destructive empty:hidden">
      {message}
    </p>
  );
}
