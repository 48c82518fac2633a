import { Card } from "@herald/ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import * as styles from "./auth.css";

export interface AuthPageProps {
  /** The card's heading, e.g. "Sign in". */
  title: string;
  subtitle?: ReactNode;
  /** "wide" for the registration form, "narrow" (default) for the others. */
  width?: "narrow" | "wide";
  /** Links under the card ("Create an account"). */
  below?: ReactNode;
  /** The product name above the card (default "Herald"; the operator's pages name the console). */
  brand?: string;
  tagline?: string;
  children: ReactNode;
}

/** The frame of the sign-in pages: the product name, then one centred card (full width on phones). */
export function AuthPage({
  title,
  subtitle,
  width = "narrow",
  below,
  brand = "Herald",
  tagline = "The easy-to-use cloud two-way SMS solution",
  children,
}: AuthPageProps) {
  return (
    <main className={styles.page}>
      <div className={styles.column[width]}>
        <header className={styles.brand}>
          <h1 className={styles.brandName}>{brand}</h1>
          <p className={styles.tagline}>{tagline}</p>
        </header>
        <Card title={title} subtitle={subtitle} padding="lg">
          {children}
        </Card>
        {below !== undefined ? <div className={styles.note}>{below}</div> : null}
      </div>
    </main>
  );
}

/** An in-app link styled for the sign-in pages. */
export function AuthLink({ to, small, children }: { to: string; small?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={small ? styles.smallLink : styles.link}>
      {children}
    </Link>
  );
}
