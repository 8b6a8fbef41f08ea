import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { useHydrated } from "@/lib/client/use-hydrated";

function StartButton() {
  const hydrated = useHydrated();
  return createElement("button", { disabled: !hydrated }, "Start practice");
}

describe("useHydrated", () => {
  it("is false in the server's HTML, so a click-only button arrives disabled instead of dead", () => {
    expect(renderToString(createElement(StartButton))).toBe('<button disabled="">Start practice</button>');
  });
});
