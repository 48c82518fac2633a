import "@herald/ui/theme";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./api";
import { createRouter } from "./router";
import { startTheme } from "./shell/theme";

// The colour theme is read from local storage and applied before the first render: no light flash.
startTheme();

const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
