import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { Button } from "../Button";
import * as s from "./DataTable.css";
import type { DataTableRowAction } from "./types";

const menuDots = (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <circle cx="3" cy="8" r="1.5" fill="currentColor" />
    <circle cx="8" cy="8" r="1.5" fill="currentColor" />
    <circle cx="13" cy="8" r="1.5" fill="currentColor" />
  </svg>
);

/**
 * The row menu. Big pages have thousands of rows, so the Radix menu is mounted only when a row's menu is
 * first opened; until then the trigger is a plain button.
 */
export function RowMenu<T>({
  row,
  label,
  actions,
}: {
  row: T;
  label: string;
  actions: DataTableRowAction<T>[];
}) {
  const [armed, setArmed] = useState(false);
  const visible = actions.filter((a) => !a.hidden?.(row));
  if (visible.length === 0) return null;
  const triggerProps = {
    variant: "ghost" as const,
    tone: "secondary" as const,
    size: "sm" as const,
    "aria-label": `Actions for ${label}`,
    "aria-haspopup": "menu" as const,
    iconStart: menuDots,
  };
  if (!armed) {
    return (
      <Button
        {...triggerProps}
        aria-expanded={false}
        onClick={() => setArmed(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setArmed(true);
          }
        }}
      />
    );
  }
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button {...triggerProps} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={s.menuContent} align="end" sideOffset={4}>
          {visible.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={s.menuItem({ tone: action.tone ?? "default" })}
              disabled={action.disabled?.(row) ?? false}
              onSelect={() => action.onSelect(row)}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
