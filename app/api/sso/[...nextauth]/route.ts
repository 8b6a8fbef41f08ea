import type { NextRequest } from "next/server";

import { handleSsoRoute } from "@/lib/sso/flow";

// Auth.js on /api/sso: only the OIDC callback reaches it; everything else here is a JSON 404.
export const GET = (req: NextRequest) => handleSsoRoute(req);
export const POST = (req: NextRequest) => handleSsoRoute(req);
