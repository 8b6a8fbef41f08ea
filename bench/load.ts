import autocannon from "autocannon";

export type Endpoint = {
  name: string;
  method: "GET" | "POST";
  path: string;
  token?: string;
  /** A fresh JSON body per request (unique emails etc.). */
  body?: (n: number) => unknown;
  /** Rate limits count per client address: give each request its own. */
  varyAddress?: boolean;
};

export type LoadResult = {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  errorRate: number;
  statuses: Record<string, number>;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

/** One endpoint alone at a fixed concurrency; latencies come from every response, so p95 is exact. */
export async function loadEndpoint(
  baseUrl: string,
  endpoint: Endpoint,
  opts: { connections: number; duration: number },
): Promise<LoadResult> {
  let n = 0;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: baseUrl,
    connections: opts.connections,
    duration: opts.duration,
    timeout: 10,
    requests: [
      {
        method: endpoint.method,
        path: endpoint.path,
        headers,
        setupRequest: (req: Record<string, unknown>) => {
          n += 1;
          const h = { ...(req.headers as Record<string, string>) };
          if (endpoint.varyAddress) h["x-forwarded-for"] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return { ...req, headers: h, ...(endpoint.body ? { body: JSON.stringify(endpoint.body(n)) } : {}) };
        },
      },
    ],
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const total = latencies.length + result.errors;
  const failed = result.errors + result.non2xx;
  return {
    name: endpoint.name,
    requests: total,
    rps: latencies.length / opts.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors: result.errors,
    non2xx: result.non2xx,
    errorRate: total ? failed / total : 1,
    statuses,
  };
}

/** A short warm-up so the first compile/JIT and pool connections are not measured. */
export async function warmUp(baseUrl: string, endpoint: Endpoint) {
  await loadEndpoint(baseUrl, endpoint, { connections: 5, duration: 2 });
}
