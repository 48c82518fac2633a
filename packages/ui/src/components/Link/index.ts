export { defaultRenderLink, type LinkRenderProps, type RenderLink } from "./Link";
