import { LegalPage, type LegalSection } from "./legal-page";

const sections: LegalSection[] = [
  {
    heading: "1. Who we are",
    body: (
      <p>
        This messaging service is run by [Operator name] ("we", "us"). These terms are an agreement between us
        and the company that registers an account ("you"), and they apply to everyone who signs in to that
        account. By ticking the box on the registration page you confirm that you may accept them for your
        company.
      </p>
    ),
  },
  {
    heading: "2. The service",
    body: (
      <p>
        The service lets your company send and receive SMS, e-mail and social-channel messages (such as
        WhatsApp, Messenger and Telegram), manage contacts, groups and subscription lists, and share one inbox
        between your users. Some features depend on outside carriers and channel providers; we pass your
        messages to them but cannot guarantee that they deliver every message or deliver it on time.
      </p>
    ),
  },
  {
    heading: "3. Your account and users",
    body: (
      <ul>
        <li>Give true details when you register, and keep them up to date.</li>
        <li>
          Keep passwords secret, turn on two-factor sign-in where you can, and tell us at once at [contact
          e-mail] if you think someone else has used your account.
        </li>
        <li>You are responsible for what your users do in the account and for removing people who leave.</li>
      </ul>
    ),
  },
  {
    heading: "4. Credit and payment",
    body: (
      <p>
        Messages are paid from prepaid credit in Singapore dollars (SGD). The price of each message is taken
        from your credit when it is sent; a message that fails before it is handed to a carrier is not
        charged. Credit does not earn interest and is not refundable except where the law requires it or we
        end the service without cause. Prices may change; we tell you before a change applies to you.
      </p>
    ),
  },
  {
    heading: "5. Acceptable use",
    body: (
      <>
        <p>You must not use the service to:</p>
        <ul>
          <li>send messages to people who have not agreed to receive them, or who have asked you to stop;</li>
          <li>send spam, scams, malware, or unlawful, threatening or misleading content;</li>
          <li>
            break the rules of the carriers and channels you use, or the law of the recipient's country;
          </li>
          <li>try to get around limits, reach other customers' data, or disturb the service.</li>
        </ul>
        <p>
          Honour opt-outs: numbers that unsubscribe (for example by texting STOP) are skipped. We may suspend
          sending that breaks these rules and will tell you why.
        </p>
      </>
    ),
  },
  {
    heading: "6. Your content and data",
    body: (
      <p>
        You own the messages, contacts and files you put into the service. You allow us to store and process
        them only to run the service for you, as the Privacy Policy describes. You are responsible for having
        the right to message your contacts and to give us their details.
      </p>
    ),
  },
  {
    heading: "7. Availability and changes",
    body: (
      <p>
        We work to keep the service running and secure, but it may be interrupted for maintenance or by events
        we do not control. We may improve or change features; we give reasonable notice before removing one
        you rely on.
      </p>
    ),
  },
  {
    heading: "8. Liability",
    body: (
      <p>
        The service is provided as it is. As far as the law allows, we are not liable for indirect or
        consequential loss, lost profits or lost data, and our total liability in any year is limited to the
        amount you paid us in the twelve months before the claim. Nothing here limits liability that the law
        does not allow to be limited.
      </p>
    ),
  },
  {
    heading: "9. Ending the agreement",
    body: (
      <p>
        You may stop using the service and ask us to close your account at any time. We may close or suspend
        an account that seriously or repeatedly breaks these terms. After closing we delete your data as the
        Privacy Policy describes.
      </p>
    ),
  },
  {
    heading: "10. Changes, law and contact",
    body: (
      <p>
        We may update these terms and will tell account owners about important changes before they apply.
        These terms are governed by the law of [country]. Questions: [contact e-mail].
      </p>
    ),
  },
];

/** /legal/terms: the Terms of Service (the operator's page when configured). */
export default function TermsOfService() {
  return <LegalPage title="Terms of Service" kind="termsUrl" updated="[date]" sections={sections} />;
}
