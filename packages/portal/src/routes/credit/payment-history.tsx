import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, EmptyState, PageHeader, PageLayout, Spinner } from "@herald/ui";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../api";
import { routerLink } from "../../shell/link";

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : MESSAGES.somethingWentWrong;

/** Payment history: asks the server for the billing portal's address and sends the browser there at once. */
export default function PaymentHistory() {
  const [error, setError] = useState<string>();
  const started = useRef(false);

  const open = useCallback(async () => {
    setError(undefined);
    try {
      const { url } = unwrap(await api.POST("/billingPortal", {}));
      window.location.replace(url);
    } catch (err) {
      setError(errorText(err));
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void open();
  }, [open]);

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Credit Management", href: "/credit-mgt/summary" },
          { label: "Payment History" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Payment History" />
      <Card title="Billing portal" headingLevel={2}>
        {error ? (
          <EmptyState
            icon="warning"
            title={error}
            description="The payment history could not be opened."
            action={
              <Button variant="outline" onClick={() => void open()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Spinner label="Opening your payment history" showLabel />
        )}
      </Card>
    </PageLayout>
  );
}
