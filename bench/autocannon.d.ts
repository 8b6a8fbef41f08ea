// autocannon ships no types; only what bench/load.ts uses.
declare module "autocannon" {
  type Result = { errors: number; non2xx: number; timeouts: number };
  type Instance = PromiseLike<Result> & {
    on(event: "response", fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
  };
  export default function autocannon(opts: Record<string, unknown>): Instance;
}
