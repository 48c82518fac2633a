import { unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Card, PageLayout } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { KEYWORD_LIST, KeywordForm, type KeywordValues, showKeywordError } from "./keyword-form";

/** Add Keyword: keyword, type, auto-reply and its optional message. */
export default function KeywordAdd() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = async (values: KeywordValues) => {
    if (!(await dialogs.confirm({ title: MESSAGES.confirmDataCorrect }))) return;
    try {
      unwrap(await api.POST("/addKeyword", { body: values }));
    } catch (err) {
      await showKeywordError(dialogs, err);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ["get", "/keywordList"] });
    await dialogs.message("success", MESSAGES.keywordAdded);
    navigate(KEYWORD_LIST);
  };

  return (
    <PageLayout maxWidth={760}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Keywords", href: KEYWORD_LIST },
          { label: "Add Keyword" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Add Keyword">
        <KeywordForm mode="add" submitLabel="Add Keyword" onSubmit={save} />
      </Card>
    </PageLayout>
  );
}
