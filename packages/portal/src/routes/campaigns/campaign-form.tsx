import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, PageLayout, Spinner, TextField } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "../contacts/contacts.css";
import { failure, useGoBackOnError, useLoadedName } from "../contacts/contacts.shared";
import { HOME_CRUMB, refreshCampaigns } from "./campaigns.shared";
import { CAMPAIGN_NAME_MAX, CAMPAIGNS_PATH, campaignNameError, NAME_EXISTS } from "./campaigns-rules";

/** Add Campaign (no id) or Edit Campaign (the campaign's id): its name, required, at most 50 characters. */
export function CampaignForm({ id }: { id?: string }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const editing = id !== undefined;
  const campaign = $api.useQuery(
    "post",
    "/getCampaign",
    { body: { id: id ?? "" } },
    { enabled: editing, staleTime: 0, gcTime: 0 },
  );
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const focusName = () => requestAnimationFrame(() => nameRef.current?.focus());
  useLoadedName(campaign.data, setName);
  useGoBackOnError(campaign.error, CAMPAIGNS_PATH);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = campaignNameError(name);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      if (editing) unwrap(await api.POST("/editCampaign", { body: { id, name: name.trim() } }));
      else unwrap(await api.POST("/addCampaign", { body: { name: name.trim() } }));
      await refreshCampaigns(queryClient);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(CAMPAIGNS_PATH);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) {
        // Said once, beside the name: not also in a dialog over the form.
        setError(NAME_EXISTS);
        focusName();
      } else if (err instanceof ApiError && err.status === 400) {
        setError(err.message);
        focusName();
      } else {
        const { title, text } = failure(err);
        await dialogs.message("error", title, text);
      }
    } finally {
      setSaving(false);
    }
  };

  const deleted = campaign.data?.status === "deleted";
  const title = editing ? "Edit Campaign" : "Add Campaign";
  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[
          HOME_CRUMB,
          { label: "Campaigns", href: CAMPAIGNS_PATH },
          { label: editing ? "Edit" : "Add" },
        ]}
        renderLink={routerLink}
      />
      <Card title={title} headingLevel={2}>
        {editing && campaign.isLoading ? (
          <Spinner label="Loading" />
        ) : (
          <form className={s.form} onSubmit={submit} noValidate>
            <TextField
              ref={nameRef}
              label="Campaign Name"
              required
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(campaignNameError(e.target.value));
              }}
              error={error}
              help={deleted ? "This campaign is deleted and can no longer be edited." : undefined}
              maxLength={CAMPAIGN_NAME_MAX}
              showCounter
              autoComplete="off"
              disabled={editing && (!campaign.data || deleted)}
            />
            <div className={s.actions}>
              <Button
                type="button"
                variant="outline"
                tone="secondary"
                onClick={() => navigate(CAMPAIGNS_PATH)}
              >
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={editing && (!campaign.data || deleted)}>
                Save
              </Button>
            </div>
          </form>
        )}
      </Card>
    </PageLayout>
  );
}
