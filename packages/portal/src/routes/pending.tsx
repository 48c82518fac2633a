import { useMatches } from "react-router";

/** Screens whose issue has not landed yet show their name from the route table. */
export default function PendingScreen() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { screen?: string } | undefined;
  return (
    <main style={{ padding: 24 }}>
      <h1 style={{ fontSize: 20, textTransform: "capitalize" }}>{handle?.screen ?? "Herald"}</h1>
    </main>
  );
}
