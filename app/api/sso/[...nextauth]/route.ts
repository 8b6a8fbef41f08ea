import type { NextRequest } from "next/server";

import { publicPassthrough } from "@/lib/api/handler";
import { handleSsoRoute } from "@/lib/sso/flow";

// Auth.js on /api/sso: only the OIDC callback reaches it; everything else here is a JSON 404.
export const GET = publicPassthrough((req: NextRequest) => handleSsoRoute(req));
export const POST = publicPassthrough((req: NextRequest) => handleSsoRoute(req));
