import "@herald/ui/theme";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createRouter } from "./router";

// Queries are cached for 5 minutes, as the specification describes.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 300_000, gcTime: 300_000, retry: 1 } },
});
const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
