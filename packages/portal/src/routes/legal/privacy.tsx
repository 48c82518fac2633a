import { LegalPage, type LegalSection } from "./legal-page";

const sections: LegalSection[] = [
  {
    heading: "1. Who is responsible",
    body: (
      <p>
        [Operator name] ("we", "us") runs this messaging service. For the details of the people who register
        and sign in, we decide how they are used. For the contacts and messages your company puts into the
        service, your company decides and we process them on its behalf.
      </p>
    ),
  },
  {
    heading: "2. What we collect",
    body: (
      <ul>
        <li>
          Account details: name, company, e-mail address, contact number, country, role and departments, and a
          securely hashed password (we never store the password itself).
        </li>
        <li>
          Usage records: sign-ins, the address they came from, one-time codes sent, credit top-ups and
          payments.
        </li>
        <li>
          Your company's content: contacts, groups, subscription lists, messages sent and received, and files
          attached to them.
        </li>
        <li>
          When the registration page is configured to, an outside service guesses your country from your
          network address to fill in the country field; you can change it.
        </li>
      </ul>
    ),
  },
  {
    heading: "3. Why we use it",
    body: (
      <ul>
        <li>
          to run the service: sign you in, deliver your messages, keep your credit balance and show reports;
        </li>
        <li>to keep it secure: two-factor sign-in, rate limits and investigating misuse;</li>
        <li>to tell you about your account: verification, password resets, low-credit alerts and changes;</li>
        <li>to meet legal duties such as keeping payment records.</li>
      </ul>
    ),
  },
  {
    heading: "4. Who we share it with",
    body: (
      <p>
        We do not sell personal data. We share it only with the providers needed to run the service (SMS
        carriers, e-mail senders, the social channels you connect, hosting and payment providers), each bound
        to use it only for that purpose, and with authorities when the law requires it.
      </p>
    ),
  },
  {
    heading: "5. How long we keep it",
    body: (
      <p>
        We keep account details and content while your account is open. After it closes we delete or anonymise
        them within [number] days, except records we must keep by law (for example payment records).
      </p>
    ),
  },
  {
    heading: "6. Security",
    body: (
      <p>
        Data travels encrypted, passwords are hashed, sessions can be ended at any time, and each company sees
        only its own data. No system is perfectly secure; we will tell affected customers promptly about a
        breach that puts their data at risk.
      </p>
    ),
  },
  {
    heading: "7. Your choices and rights",
    body: (
      <p>
        You can see and correct your details in Account Settings. You may ask us for a copy of your personal
        data, to correct or delete it, or to stop a use of it, by writing to [contact e-mail]. If your details
        were put into the service by a company that messages you, please ask that company first.
      </p>
    ),
  },
  {
    heading: "8. Cookies and storage",
    body: (
      <p>
        The portal keeps your sign-in in your browser's local storage and uses no advertising or tracking
        cookies.
      </p>
    ),
  },
  {
    heading: "9. Changes and contact",
    body: (
      <p>
        We will post changes to this policy here and tell account owners about important ones. Questions or
        complaints: [contact e-mail]. You may also complain to the data protection authority of [country].
      </p>
    ),
  },
];

/** /legal/privacy: the Privacy Policy (the operator's page when configured). */
export default function PrivacyPolicy() {
  return <LegalPage title="Privacy Policy" kind="privacyUrl" updated="[date]" sections={sections} />;
}
