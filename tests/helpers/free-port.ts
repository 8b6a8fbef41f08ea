import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it). Tests that start
 * a server of their own take one of these instead of a random number from a fixed range, which
 * can hit a port something else on the machine already holds.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no TCP port was assigned");
  return address.port;
}
