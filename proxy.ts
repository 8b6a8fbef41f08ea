import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/auth/config";

const { auth } = NextAuth(authConfig);

/** Pages only: a visitor without a valid session cookie goes to /auth. APIs check callers themselves. */
export const proxy = auth((req) => {
  if (req.auth) return NextResponse.next();
  const url = new URL("/auth", req.nextUrl);
  url.searchParams.set("next", req.nextUrl.pathname);
  return NextResponse.redirect(url);
});

export const config = {
  matcher: ["/dashboard/:path*", "/organization/:path*", "/development/:path*", "/workspace/:path*", "/grade/:path*", "/call/:path*"],
};
