import { Spinner } from "@herald/ui";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { portalConfigQuery } from "../auth/auth.queries";
import { AuthLink, AuthPage } from "../auth/auth-page";
import * as s from "./legal.css";

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/**
 * A legal page: the operator's own page when portal-config names one (the browser goes there), otherwise
 * Herald's default text, in which "[Operator name]" and "[contact e-mail]" stand for the operator's details.
 */
export function LegalPage({
  title,
  kind,
  updated,
  sections,
}: {
  title: string;
  kind: "termsUrl" | "privacyUrl";
  updated: string;
  sections: LegalSection[];
}) {
  const config = useQuery(portalConfigQuery());
  const external = config.data?.[kind] ?? null;
  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  const below = (
    <>
      <AuthLink to="/auths/auth-register">Create an account</AuthLink> ·{" "}
      <AuthLink to="/login">Sign in</AuthLink>
    </>
  );
  if (config.isPending || external) {
    return (
      <AuthPage title={title} width="wide" below={below}>
        {external ? (
          <p>
            The {title} of this service is published at{" "}
            <a href={external} className={s.link}>
              {external}
            </a>
            .
          </p>
        ) : (
          <Spinner label="Loading" />
        )}
      </AuthPage>
    );
  }
  return (
    <AuthPage title={title} subtitle={`Last updated ${updated}`} width="wide" below={below}>
      <div className={s.text}>
        <p className={s.note}>
          This is the default text that comes with Herald. "[Operator name]" is the company that runs this
          service; it may publish its own {title}, which then replaces this page.
        </p>
        {sections.map((section) => (
          <section key={section.heading} className={s.section}>
            <h3 className={s.heading}>{section.heading}</h3>
            {section.body}
          </section>
        ))}
      </div>
    </AuthPage>
  );
}
