import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver that judges what the form would send (`toRequest(values)`) by a shared zod
 * schema loaded on first use rather than with the page: zod and the schema (about 30 KB gzipped) leave
 * the screen's first load. `preload` (call it once the form is on screen) fetches them before the first
 * submit; a failed load is tried again at the next validation.
 */
export function lazyResolver<V extends FieldValues>(
  load: () => Promise<Resolver<FieldValues>>,
  toRequest: (values: V) => unknown,
): { resolver: Resolver<V>; preload: () => Promise<Resolver<FieldValues>> } {
  let loading: Promise<Resolver<FieldValues>> | undefined;
  const preload = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const resolver: Resolver<V> = async (values, context, options) => {
    const validate = await preload();
    const { errors } = await validate(toRequest(values) as FieldValues, context, options as never);
    if (Object.keys(errors).length) return { values: {}, errors: errors as FieldErrors<V> };
    return { values, errors: {} };
  };
  return { resolver, preload };
}
