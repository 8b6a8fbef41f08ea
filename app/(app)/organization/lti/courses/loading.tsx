import { LoadingScreen } from "@/components/organization/status-screens";

export default function Loading() {
  return <LoadingScreen label="Loading LMS courses..." />;
}
