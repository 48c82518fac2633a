import { unwrap } from "@herald/api-client";
import { Badge, Button, Card, TextField, useToast } from "@herald/ui";
import { type FormEvent, useState } from "react";
import { api } from "../../api";
import * as s from "../screen.css";
import {
  type CompanyDetail,
  channelLabel,
  parsePrice,
  priceInput,
  priceText,
  problemText,
  userLimitNote,
  userLimitProblem,
} from "./operator-rules";

interface CardProps {
  company: CompanyDetail;
  onDone: (next: CompanyDetail) => void;
}

/** The most users the company may have; a lower limit removes no one but stops new users being added. */
export function UserLimitCard({ company, onDone }: CardProps) {
  const { toast } = useToast();
  const [text, setText] = useState(String(company.userLimit));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const limit = userLimitProblem(text) ? null : Number(text.trim());
  const changed = limit !== company.userLimit;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = userLimitProblem(text);
    setError(problem);
    if (problem || limit === null || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const next = unwrap(
        await api.POST("/operator/companies/{id}/user-limit", {
          params: { path: { id: company.id } },
          body: { limit },
        }),
      );
      onDone(next);
      toast({ tone: "success", title: `${company.name} may now have ${next.userLimit} users` });
    } catch (err) {
      setFailure(problemText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="User limit" headingLevel={2} subtitle={`${company.users} users now.`}>
      <form className={s.form} onSubmit={save} noValidate aria-label="User limit">
        <div className={s.formRow}>
          <TextField
            className={s.filterNarrow}
            label="Users allowed"
            inputMode="numeric"
            required
            value={text}
            error={error}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(userLimitProblem(e.target.value));
            }}
          />
          <Button type="submit" variant="outline" loading={saving} disabled={!changed}>
            Save limit
          </Button>
        </div>
        {limit !== null && userLimitNote(limit, company.users) && (
          <p className={s.note}>{userLimitNote(limit, company.users)}</p>
        )}
        {failure && (
          <p className={s.note} role="alert">
            {failure}
          </p>
        )}
      </form>
    </Card>
  );
}

interface PriceDraft {
  /** "default": the service's price; "custom": the text typed. */
  mode: "default" | "custom";
  text: string;
}

const overridden = (p: CompanyDetail["prices"][number]) => p.overridden ?? p.priceCents !== p.defaultCents;

/**
 * What the company pays per message on each channel: the service's default unless the operator set a price of
 * its own; "Use default" returns a channel to the default. Only the channels changed are sent.
 */
export function PricesCard({ company, onDone }: CardProps) {
  const { toast } = useToast();
  const initial = () =>
    Object.fromEntries(
      company.prices.map((p) => [
        p.channel,
        overridden(p)
          ? { mode: "custom", text: priceInput(p.priceCents) }
          : { mode: "default", text: priceInput(p.defaultCents) },
      ]),
    ) as Record<string, PriceDraft>;
  const [drafts, setDrafts] = useState<Record<string, PriceDraft>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  type Change = { channel: CompanyDetail["prices"][number]["channel"]; priceCents: number | null };
  const changes = company.prices.flatMap((p): Change[] => {
    const d = drafts[p.channel];
    if (!d) return [];
    if (d.mode === "default") return overridden(p) ? [{ channel: p.channel, priceCents: null }] : [];
    const parsed = parsePrice(d.text);
    if ("problem" in parsed) return [{ channel: p.channel, priceCents: Number.NaN }];
    return overridden(p) && parsed.cents === p.priceCents
      ? []
      : [{ channel: p.channel, priceCents: parsed.cents }];
  });

  const setDraft = (channel: string, next: PriceDraft) => {
    setDrafts((all) => ({ ...all, [channel]: next }));
    if (errors[channel]) {
      const parsed = next.mode === "custom" ? parsePrice(next.text) : { cents: 0 };
      setErrors(({ [channel]: _, ...rest }) =>
        "problem" in parsed ? { ...rest, [channel]: parsed.problem } : rest,
      );
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const [channel, d] of Object.entries(drafts)) {
      if (d.mode !== "custom") continue;
      const parsed = parsePrice(d.text);
      if ("problem" in parsed) found[channel] = parsed.problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || changes.length === 0 || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const next = unwrap(
        await api.PUT("/operator/companies/{id}/prices", {
          params: { path: { id: company.id } },
          body: { prices: changes.map((c) => ({ channel: c.channel, priceCents: c.priceCents })) },
        }),
      );
      onDone(next);
      toast({
        tone: "success",
        title: `${company.name}'s prices are saved`,
        description: `${changes.length} ${changes.length === 1 ? "channel" : "channels"} changed.`,
      });
    } catch (err) {
      setFailure(problemText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title="Prices"
      headingLevel={2}
      subtitle="Per SMS segment, e-mail or social message, in SGD. Channels without a price of their own follow the default."
    >
      {company.prices.length === 0 ? (
        <p className={s.muted}>No channel has a price yet.</p>
      ) : (
        <form className={s.form} onSubmit={save} noValidate aria-label="Prices">
          <ul className={s.priceList}>
            {company.prices.map((p) => {
              const d = drafts[p.channel] ?? { mode: "default", text: priceInput(p.defaultCents) };
              const label = channelLabel(p.channel);
              return (
                <li key={p.channel} className={s.priceRow}>
                  <span className={s.priceChannel}>
                    <span className={s.cellMain}>{label}</span>
                    <span>
                      <Badge tone={d.mode === "custom" ? "primary" : "secondary"} variant="soft">
                        {d.mode === "custom" ? "Own price" : "Default"}
                      </Badge>
                    </span>
                  </span>
                  <span className={s.cellSub}>Default {priceText(p.defaultCents)}</span>
                  <TextField
                    label={`${label} price (SGD)`}
                    hideLabel
                    prefix="SGD"
                    inputMode="decimal"
                    value={d.text}
                    error={errors[p.channel]}
                    onChange={(e) => setDraft(p.channel, { mode: "custom", text: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={d.mode === "default"}
                    aria-label={`Use default for ${label}`}
                    onClick={() => setDraft(p.channel, { mode: "default", text: priceInput(p.defaultCents) })}
                  >
                    Use default
                  </Button>
                </li>
              );
            })}
          </ul>
          {failure && (
            <p className={s.note} role="alert">
              {failure}
            </p>
          )}
          <div className={s.actions}>
            <Button
              variant="outline"
              tone="secondary"
              disabled={saving || changes.length === 0}
              onClick={() => {
                setDrafts(initial());
                setErrors({});
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={saving} disabled={changes.length === 0}>
              Save prices
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
