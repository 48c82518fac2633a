// Public surface of the Herald design system. Each component folder exports itself from its index.ts;
// add one line per component below (keep the list sorted).
export * from "./components/DataTable";
export * from "./components/NotFound";
export * from "./theme";
