import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, EmptyState, PageLayout, Spinner } from "@herald/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { KEYWORD_LIST, KeywordForm, type KeywordValues, showKeywordError } from "./keyword-form";

/** Edit Keyword: loads the keyword; a missing one says 'Something went wrong' and goes home. */
export default function KeywordEdit() {
  const { id = "" } = useParams();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keyword = useQuery({
    queryKey: ["post", "/getKeyword", { body: { id } }],
    queryFn: async () => unwrap(await api.POST("/getKeyword", { body: { id } })),
    retry: false,
    staleTime: 0,
  });

  useEffect(() => {
    if (!keyword.isError) return;
    // an ended session has its own dialog
    if (keyword.error instanceof ApiError && keyword.error.status === 401) return;
    void dialogs.message("warning", MESSAGES.somethingWentWrong).then(() => navigate("/"));
  }, [keyword.isError, keyword.error, dialogs, navigate]);

  const save = async (values: KeywordValues) => {
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    try {
      unwrap(await api.POST("/editKeyword", { body: { id, ...values } }));
    } catch (err) {
      await showKeywordError(dialogs, err);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ["get", "/keywordList"] });
    await queryClient.invalidateQueries({ queryKey: ["post", "/getKeyword"] });
    await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    navigate(KEYWORD_LIST);
  };

  const data = keyword.data;
  let content: ReactNode;
  if (keyword.isPending) {
    content = <Spinner label="Loading keyword" showLabel />;
  } else if (!data) {
    content = null;
  } else if (data.status === "deleted") {
    content = (
      <EmptyState
        icon="info"
        title="This keyword has been deleted"
        description={`"${data.keyword}" stays in the list, marked deleted, and can no longer be changed.`}
        action={
          <Button variant="outline" onClick={() => navigate(KEYWORD_LIST)}>
            Back to Keywords
          </Button>
        }
      />
    );
  } else {
    content = (
      <KeywordForm key={data.id} mode="edit" initial={data} submitLabel="Update Keyword" onSubmit={save} />
    );
  }

  return (
    <PageLayout maxWidth={760}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Keywords", href: KEYWORD_LIST },
          { label: "Edit Keyword" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Edit Keyword">{content}</Card>
    </PageLayout>
  );
}
