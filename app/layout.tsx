import "./globals.css";

import type { Metadata, Viewport } from "next";

export const metadata: Metadata = {
  title: { default: "Parley: practise the conversations that matter", template: "%s · Parley" },
  description: "Rehearse sales calls, interviews and pitches with AI personas and get honest, specific feedback.",
  icons: { icon: "/logo.svg" },
};

export const viewport: Viewport = { themeColor: "#3f3fbf", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">{children}</body>
    </html>
  );
}
