import type { ReactNode } from "react";
import { Stack } from "../Stack";
import * as s from "./PageLayout.css";

export interface PageHeaderProps {
  /** The screen's name, as its only level-1 heading. */
  title: ReactNode;
  /** Beside the title: a status badge, a spinner while the figures refresh. */
  badges?: ReactNode;
  /** A sentence or two under the title, muted, at most 72 characters a line. */
  description?: ReactNode;
  /** Buttons or links of the whole screen, at the title's end; they wrap under it when there is no room. */
  actions?: ReactNode;
  /** Id of the heading, for `aria-labelledby`. */
  titleId?: string;
}

/** A screen's heading: title (with badges), its actions at the end of the row, and a description under it. */
export function PageHeader({ title, badges, description, actions, titleId }: PageHeaderProps) {
  return (
    <div className={s.header}>
      <div className={s.headerRow}>
        <div className={s.titleGroup}>
          <h1 className={s.title} id={titleId}>
            {title}
          </h1>
          {badges}
        </div>
        {actions && (
          <Stack direction="row" wrap align="center" justify="flex-end" gap="2">
            {actions}
          </Stack>
        )}
      </div>
      {description && <p className={s.description}>{description}</p>}
    </div>
  );
}
