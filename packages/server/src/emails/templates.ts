/** E-mail templates: every message has a text and an HTML part; user content is escaped. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="margin:0;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#14161a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border:1px solid #dcdfe5;border-radius:8px">
<tr><td style="padding:24px 28px;font-size:20px;font-weight:bold;color:#1f57e0">Herald</td></tr>
<tr><td style="padding:0 28px 28px;font-size:15px;line-height:1.5">${body}</td></tr>
</table><p style="font-size:12px;color:#545b66">You receive this e-mail because of your Herald account.</p>
</td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${esc(href)}" style="display:inline-block;background:#1f57e0;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px">${esc(label)}</a></p><p style="font-size:13px;color:#545b66">Or open this link: <a href="${esc(href)}">${esc(href)}</a></p>`;

export function verificationEmail(firstName: string, link: string): RenderedEmail {
  return {
    subject: "Verify your e-mail address",
    text: `Hello ${firstName},\n\nPlease verify your e-mail address to finish setting up your Herald account:\n${link}\n\nThe link expires in 24 hours. If you did not ask for this, ignore this e-mail.`,
    html: layout(
      "Verify your e-mail address",
      `<p>Hello ${esc(firstName)},</p><p>Please verify your e-mail address to finish setting up your Herald account.</p>${button(link, "Verify e-mail")}<p>The link expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>`,
    ),
    links: [link],
  };
}

export function resetEmail(firstName: string, link: string): RenderedEmail {
  return {
    subject: "Reset your password",
    text: `Hello ${firstName},\n\nSomeone asked to reset the password of your Herald account. To choose a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this e-mail: your password stays the same.`,
    html: layout(
      "Reset your password",
      `<p>Hello ${esc(firstName)},</p><p>Someone asked to reset the password of your Herald account.</p>${button(link, "Choose a new password")}<p>The link works once and expires in 1 hour. If it was not you, ignore this e-mail: your password stays the same.</p>`,
    ),
    links: [link],
  };
}

export function otpEmail(firstName: string, code: string): RenderedEmail {
  return {
    subject: `Your Herald sign-in code: ${code}`,
    text: `Hello ${firstName},\n\nYour one-time sign-in code is ${code}\n\nIt expires in 10 minutes and works once. If you are not signing in, change your password.`,
    html: layout(
      "Your sign-in code",
      `<p>Hello ${esc(firstName)},</p><p>Your one-time sign-in code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${esc(code)}</p><p>It expires in 10 minutes and works once. If you are not signing in, change your password.</p>`,
    ),
    links: [],
  };
}

/** The code of an operator's sign-in to the operator console (two-factor is always on for operators). */
export function operatorOtpEmail(name: string, code: string): RenderedEmail {
  const hello = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  return {
    subject: `Your Herald operator sign-in code: ${code}`,
    text: `${hello}\n\nYour one-time code for the operator console is ${code}\n\nIt expires in 10 minutes and works once. If you are not signing in, someone knows your password: change it now.`,
    html: layout(
      "Your operator sign-in code",
      `<p>${esc(hello)}</p><p>Your one-time code for the operator console is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${esc(code)}</p><p>It expires in 10 minutes and works once. If you are not signing in, someone knows your password: change it now.</p>`,
    ),
    links: [],
  };
}

export const otpSms = (code: string) => `Your Herald sign-in code is ${code}. It expires in 10 minutes.`;

export function lowCreditEmail(companyName: string, balance: string, threshold: string): RenderedEmail {
  return {
    subject: `Low credit: ${companyName} is below SGD ${threshold}`,
    text: `The credit balance of ${companyName} is SGD ${balance}, below the alert threshold of SGD ${threshold}.\nTop up to keep messages flowing.`,
    html: layout(
      "Low credit",
      `<p>The credit balance of <strong>${esc(companyName)}</strong> is <strong>SGD ${esc(balance)}</strong>, below the alert threshold of SGD ${esc(threshold)}.</p><p>Top up to keep messages flowing.</p>`,
    ),
    links: [],
  };
}

/** To the new address of an own e-mail change: the link that makes the change. */
export function emailChangeVerifyEmail(firstName: string, newEmail: string, link: string): RenderedEmail {
  return {
    subject: "Confirm your new e-mail address",
    text: `Hello ${firstName},\n\nYou asked to change the e-mail address of your Herald account to ${newEmail}. To confirm it, open:\n${link}\n\nUntil then you keep signing in with your current address. The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.`,
    html: layout(
      "Confirm your new e-mail address",
      `<p>Hello ${esc(firstName)},</p><p>You asked to change the e-mail address of your Herald account to <strong>${esc(newEmail)}</strong>.</p>${button(link, "Confirm new e-mail")}<p>Until then you keep signing in with your current address. The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>`,
    ),
    links: [link],
  };
}

/** To the current address of an own e-mail change: a notice, so a stolen session cannot move the account quietly. */
export function emailChangeNoticeEmail(firstName: string, newEmail: string): RenderedEmail {
  return {
    subject: "Your e-mail address is being changed",
    text: `Hello ${firstName},\n\nSomeone signed in to your Herald account asked to change its e-mail address to ${newEmail}. The change happens only when the link sent to that address is opened; until then this address stays in use.\n\nIf this was not you, change your password now (Account Settings > Security) and tell your administrator: changing the password also cancels the pending change of address.`,
    html: layout(
      "Your e-mail address is being changed",
      `<p>Hello ${esc(firstName)},</p><p>Someone signed in to your Herald account asked to change its e-mail address to <strong>${esc(newEmail)}</strong>. The change happens only when the link sent to that address is opened; until then this address stays in use.</p><p>If this was not you, change your password now (Account Settings &gt; Security) and tell your administrator: changing the password also cancels the pending change of address.</p>`,
    ),
    links: [],
  };
}

export function otpLockedEmail(firstName: string, ip: string): RenderedEmail {
  const text = `Hello ${firstName},\n\nSomeone signed in to your Herald account with your password, then entered wrong sign-in codes too many times (from the address ${ip}). We stopped that sign-in; sign-in codes are refused for up to an hour.\n\nIf it was not you, your password is known to someone else: change it now (Forgot password? on the sign-in page).`;
  return {
    subject: "Too many wrong sign-in codes on your Herald account",
    text,
    html: layout(
      "Too many wrong sign-in codes",
      `<p>Hello ${esc(firstName)},</p><p>Someone signed in to your Herald account with your password, then entered wrong sign-in codes too many times (from the address ${esc(ip)}). We stopped that sign-in; sign-in codes are refused for up to an hour.</p><p><strong>If it was not you, your password is known to someone else: change it now</strong> (Forgot password? on the sign-in page).</p>`,
    ),
    links: [],
  };
}

/**
 * To a user an administrator added: the company, the address to sign in with and the sign-in page. The
 * password is never mailed; the administrator hands it over.
 */
export function welcomeEmail(
  firstName: string,
  companyName: string,
  email: string,
  signInLink: string,
): RenderedEmail {
  return {
    subject: `Welcome to ${companyName} on Herald`,
    text: `Hello ${firstName},\n\nAn administrator of ${companyName} created a Herald account for you.\n\nSign in with this e-mail address: ${email}\n${signInLink}\n\nYour administrator gives you your password. If you did not expect this account, tell your administrator.`,
    html: layout(
      `Welcome to ${companyName}`,
      `<p>Hello ${esc(firstName)},</p><p>An administrator of <strong>${esc(companyName)}</strong> created a Herald account for you.</p><p>Sign in with this e-mail address: <strong>${esc(email)}</strong></p>${button(signInLink, "Sign in")}<p>Your administrator gives you your password. If you did not expect this account, tell your administrator.</p>`,
    ),
    links: [signInLink],
  };
}

/** To the previous address when an administrator changes a user's e-mail address. */
export function emailChangedByAdminEmail(
  firstName: string,
  companyName: string,
  newEmail: string,
): RenderedEmail {
  return {
    subject: "Your Herald sign-in address was changed",
    text: `Hello ${firstName},\n\nAn administrator of ${companyName} changed the e-mail address of your Herald account to ${newEmail}. From now on you sign in with that address; password reset links sent to this address no longer work.\n\nIf you did not expect this, tell your administrator.`,
    html: layout(
      "Your sign-in address was changed",
      `<p>Hello ${esc(firstName)},</p><p>An administrator of <strong>${esc(companyName)}</strong> changed the e-mail address of your Herald account to <strong>${esc(newEmail)}</strong>. From now on you sign in with that address; password reset links sent to this address no longer work.</p><p>If you did not expect this, tell your administrator.</p>`,
    ),
    links: [],
  };
}
