"use client";

import dynamic from "next/dynamic";

// Browser only: the harness builds a livekit-client Room and exposes window.__callHarness.
export const CallHarness = dynamic(() => import("./session-harness"), { ssr: false });
