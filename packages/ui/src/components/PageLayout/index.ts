export { PageHeader, type PageHeaderProps } from "./PageHeader";
export { PageLayout, type PageLayoutProps } from "./PageLayout";
