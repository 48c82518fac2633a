import { formatSgd, sgdToCents } from "@herald/domain";
import { Badge } from "@herald/ui";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { currentRole } from "../session";
import { useProfile } from "../shell/use-profile";
import { portalConfigQuery } from "./auth/auth.queries";
import * as s from "./pages.css";

export interface Step {
  id: string;
  title: string;
  text: ReactNode;
  status?: "done" | "coming";
  link?: ReactNode;
}

/**
 * The signed-in welcome: greets the user and lists the first steps that work today. The inbox shows it
 * while the company has no chat yet, with its own steps (connect a channel, try the sandbox) first.
 */
export default function Home({ leading = [] }: { leading?: Step[] }) {
  const { data: me } = useProfile();
  const config = useQuery(portalConfigQuery());
  if (!me) return null;
  const isAdmin = currentRole() === "admin";
  const credit = formatSgd(sgdToCents(me.userCredit));

  const steps: Step[] = [
    ...leading,
    {
      id: "profile",
      title: "Complete your profile",
      text: "Check your name, e-mail address and contact number, so that your team knows who you are.",
      link: (
        <Link to="/admin/profile-settings" className={s.stepLink}>
          Open Account Settings
        </Link>
      ),
    },
    {
      id: "2fa",
      title: "Turn on two-factor sign-in",
      status: me.login2fa === "Y" ? "done" : undefined,
      text:
        me.login2fa === "Y"
          ? "Every sign-in asks for a one-time code as well as your password."
          : "Ask for a one-time code as well as your password at every sign-in: switch it on in the Security tab of Account Settings.",
      link:
        me.login2fa === "Y" ? undefined : (
          <Link to="/admin/profile-settings" className={s.stepLink}>
            Open Account Settings
          </Link>
        ),
    },
  ];
  if (isAdmin) {
    steps.push({
      id: "team",
      title: "Invite your team",
      text: "Create departments and add users, so that colleagues share the inbox and each department sees its own channels.",
      link: (
        <Link to="/user-manage/users-list" className={s.stepLink}>
          Open Users
        </Link>
      ),
    });
  }
  steps.push({
    id: "credit",
    title: "Top up credit",
    text: isAdmin
      ? `Messages are paid from prepaid SGD credit; you hold ${credit}. Use Top Up at the top of the page to ask for more.`
      : `Messages are paid from prepaid SGD credit; you hold ${credit}. Use Top Up at the top of the page to ask your administrator for more.`,
  });
  if (config.data?.sandbox) {
    steps.push({
      id: "sandbox",
      title: "Try the sandbox mailbox",
      text: "This installation sends no real e-mail or SMS yet: every message it sends lands in the sandbox mailbox, where you can read it.",
      link: (
        <a href="/_sandbox" target="_blank" rel="noopener" className={s.stepLink}>
          Open the sandbox mailbox (new tab)
        </a>
      ),
    });
  }

  return (
    <div className={s.page}>
      <h1 className={s.greeting}>Welcome to Herald, {me.firstName}</h1>
      <p className={s.lead}>
        {me.company
          ? `Here is what to do first to get ${me.company} messaging.`
          : "Here is what to do first."}
      </p>
      <ol className={s.steps} aria-label="First steps">
        {steps.map((step, index) => (
          <li key={step.id} className={s.step}>
            <span
              className={step.status === "done" ? `${s.stepNumber} ${s.stepDone}` : s.stepNumber}
              aria-hidden="true"
            >
              {step.status === "done" ? "✓" : index + 1}
            </span>
            <div className={s.stepBody}>
              <h2 className={s.stepTitle}>
                {step.title}
                {step.status === "done" ? (
                  <Badge tone="success" variant="soft">
                    Done
                  </Badge>
                ) : null}
                {step.status === "coming" ? (
                  <Badge tone="info" variant="soft">
                    Coming soon
                  </Badge>
                ) : null}
              </h2>
              <p className={s.stepText}>{step.text}</p>
              {step.link}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
