import { Navigate } from "react-router";

/** `/` for a signed-in user is the social chat home. */
export default function Home() {
  return <Navigate to="/apps/social-chat" replace />;
}
