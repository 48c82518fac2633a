import {
  isBlank,
  joinContactNumber,
  MESSAGES,
  REGISTRATION_CONTACT_INPUT_MAX_DIGITS,
  REGISTRATION_NAME_MAX,
  validateContactNumber,
  validateEmail,
  validateNewPassword,
  validatePasswordConfirm,
  validateRequired,
} from "@herald/domain";
import {
  Button,
  Checkbox,
  type Country,
  CountryPicker,
  findCountry,
  LoadingOverlay,
  PasswordField,
  PhoneInput,
  type PhoneValue,
  Spinner,
  TextField,
} from "@herald/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useDialogs } from "../../dialogs";
import * as styles from "./auth.css";
import { authApi, failure, portalConfigQuery } from "./auth.queries";
import { AuthLink, AuthPage } from "./auth-page";
import { useGeoCountry } from "./use-geo-country";

/**
 * /auths/auth-register/:id?/:token?: the registration form, and the e-mail verification landing page when
 * the link's id and token are in the address.
 */
export default function RegisterScreen() {
  const { id, token } = useParams();
  if (id && token) return <VerifyEmail id={id} token={token} />;
  return <RegisterForm />;
}

/** Verifies the e-mail address once on load, tells the outcome, then goes to / replacing history. */
function VerifyEmail({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await authApi.verify({ id, token });
        await dialogs.message("success", MESSAGES.verifySuccess);
      } catch (err) {
        const { status, message } = failure(err);
        // The server names the reason (an expired link, or a new address taken meanwhile).
        if (status === 400) await dialogs.message("error", message || MESSAGES.invalidOrExpiredToken);
        else await dialogs.message("warning", MESSAGES.somethingWentWrong);
      }
      navigate("/", { replace: true });
    })();
  }, [id, token, dialogs, navigate]);
  return (
    <AuthPage title="E-mail verification">
      <div className={styles.centre}>
        <Spinner label="Verifying your e-mail address" showLabel />
      </div>
    </AuthPage>
  );
}

const DEFAULT_COUNTRY = findCountry("Singapore");

interface Values {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
  confirmPass: string;
  country: string;
  phone: PhoneValue;
  terms: boolean;
}
type Field = Exclude<keyof Values, "terms">;
type Errors = Partial<Record<Field, string | null>>;

const FIELD_IDS: Record<Field, string> = {
  firstName: "register-first-name",
  lastName: "register-last-name",
  companyName: "register-company",
  email: "register-email",
  password: "register-password",
  confirmPass: "register-confirm-password",
  country: "register-country",
  phone: "register-contact",
};

function validate(v: Values): Errors {
  return {
    firstName: validateRequired(v.firstName, MESSAGES.firstNameRequired),
    lastName: validateRequired(v.lastName, MESSAGES.lastNameRequired),
    companyName: validateRequired(v.companyName),
    email: validateEmail(v.email, { registration: true }),
    password: validateNewPassword(v.password),
    confirmPass: validatePasswordConfirm(v.password, v.confirmPass, { registration: true }),
    country: isBlank(v.country) ? MESSAGES.countryRequired : null,
    phone: validateContactNumber(v.phone.number),
  };
}

/** The chosen country also sets the contact number's calling code. */
const withCountry = (v: Values, country: Country): Values => ({
  ...v,
  country: country.name,
  phone: { ...v.phone, callingCode: country.callingCodes[0] ?? v.phone.callingCode },
});

function RegisterForm() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const geoCountry = useGeoCountry();
  // The operator's own pages when configured, otherwise the built-in ones; both open in a new tab so that
  // the form keeps what was typed.
  const config = useQuery(portalConfigQuery());
  const legal = {
    terms: config.data?.termsUrl ?? "/legal/terms",
    privacy: config.data?.privacyUrl ?? "/legal/privacy",
  };
  const [values, setValues] = useState<Values>({
    firstName: "",
    lastName: "",
    companyName: "",
    email: "",
    password: "",
    confirmPass: "",
    country: DEFAULT_COUNTRY?.name ?? "Singapore",
    phone: { callingCode: DEFAULT_COUNTRY?.callingCodes[0] ?? "65", number: "" },
    terms: false,
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const countryChosen = useRef(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // A field's rule shows once it was left with something in it (or on submit): leaving an empty field
  // shows nothing, so the layout does not shift under a pointer that is on its way to another control.
  const touch = (field: Field) => () => {
    const value = field === "phone" ? values.phone.number : values[field];
    if (value.length > 0) setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  };

  const selectCountry = (country: Country) => setValues((v) => withCountry(v, country));

  // The IP-geolocation answer replaces the default country, unless the visitor already chose one.
  useEffect(() => {
    if (geoCountry && !countryChosen.current) setValues((v) => withCountry(v, geoCountry));
  }, [geoCountry]);

  const all = validate(values);
  const errorOf = (field: Field) => (submitted || touched[field] ? (all[field] ?? undefined) : undefined);
  // The confirmation tracks the password live once something is typed in it.
  const confirmError =
    submitted || touched.confirmPass || values.confirmPass.length > 0
      ? (all.confirmPass ?? undefined)
      : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current || !values.terms) return;
    setSubmitted(true);
    const found = validate(values);
    const firstInvalid = (Object.keys(FIELD_IDS) as Field[]).find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      await authApi.register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        companyName: values.companyName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPass: values.confirmPass,
        country: values.country,
        contactNumber: joinContactNumber(values.phone.callingCode, values.phone.number),
      });
      setSending(false);
      await dialogs.message("success", MESSAGES.checkEmailForVerification);
      navigate("/login");
    } catch (err) {
      setSending(false);
      const { status, message } = failure(err);
      if (status === 400) await dialogs.message("error", message || MESSAGES.emailTaken);
      else if (status === 403) await dialogs.message("error", MESSAGES.invalidContactNumber);
      else await dialogs.message("warning", MESSAGES.somethingWentWrong);
    } finally {
      sendingRef.current = false;
    }
  }

  return (
    <AuthPage
      title="Create an account"
      subtitle="Register your company to start messaging."
      width="wide"
      below={
        <>
          Already have an account? <AuthLink to="/">Sign in</AuthLink>
        </>
      }
    >
      <LoadingOverlay visible={sending} fullscreen label="Creating your account">
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Create an account">
          <div className={styles.pair}>
            <TextField
              id={FIELD_IDS.firstName}
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              autoFocus
              maxLength={REGISTRATION_NAME_MAX}
              value={values.firstName}
              error={errorOf("firstName")}
              onChange={(e) => set("firstName", e.target.value)}
              onBlur={touch("firstName")}
            />
            <TextField
              id={FIELD_IDS.lastName}
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={REGISTRATION_NAME_MAX}
              value={values.lastName}
              error={errorOf("lastName")}
              onChange={(e) => set("lastName", e.target.value)}
              onBlur={touch("lastName")}
            />
          </div>
          <TextField
            id={FIELD_IDS.companyName}
            label="Company name"
            name="companyName"
            autoComplete="organization"
            required
            maxLength={100}
            value={values.companyName}
            error={errorOf("companyName")}
            onChange={(e) => set("companyName", e.target.value)}
            onBlur={touch("companyName")}
          />
          <TextField
            id={FIELD_IDS.email}
            label="E-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={values.email}
            error={errorOf("email")}
            onChange={(e) => set("email", e.target.value)}
            onBlur={touch("email")}
          />
          <div className={styles.pair}>
            <PasswordField
              id={FIELD_IDS.password}
              label="Password"
              name="password"
              autoComplete="new-password"
              required
              value={values.password}
              error={errorOf("password")}
              onChange={(e) => set("password", e.target.value)}
              onBlur={touch("password")}
            />
            <PasswordField
              id={FIELD_IDS.confirmPass}
              label="Confirm password"
              name="confirmPass"
              autoComplete="new-password"
              rulesHint={null}
              required
              value={values.confirmPass}
              error={confirmError}
              onChange={(e) => set("confirmPass", e.target.value)}
              onBlur={touch("confirmPass")}
            />
          </div>
          <div className={styles.pair}>
            <CountryPicker
              id={FIELD_IDS.country}
              label="Country"
              name="country"
              required
              value={values.country}
              error={errorOf("country")}
              onValueChange={(_, country) => {
                countryChosen.current = true;
                selectCountry(country);
              }}
            />
            <PhoneInput
              id={FIELD_IDS.phone}
              label="Contact number"
              required
              defaultRegion="SG"
              maxDigits={REGISTRATION_CONTACT_INPUT_MAX_DIGITS}
              value={values.phone}
              error={errorOf("phone")}
              onValueChange={(phone) => set("phone", phone)}
              onBlur={touch("phone")}
            />
          </div>
          <Checkbox
            label={
              <>
                I agree to the{" "}
                <a href={legal.terms} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  Terms of Service
                </a>{" "}
                and{" "}
                <a href={legal.privacy} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  Privacy Policy
                </a>
              </>
            }
            name="terms"
            checked={values.terms}
            onCheckedChange={(checked) => set("terms", checked === true)}
          />
          <Button type="submit" size="lg" fullWidth loading={sending} disabled={!values.terms}>
            Sign up
          </Button>
        </form>
      </LoadingOverlay>
    </AuthPage>
  );
}
