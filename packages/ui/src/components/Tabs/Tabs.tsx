import { Tabs as RadixTabs } from "radix-ui";
import type { ReactNode } from "react";
import * as styles from "./Tabs.css";

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Controlled value (e.g. from the route: /user-edit/{id} vs /user-edit/{id}/user-credit). */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for screen readers, e.g. "User settings". */
  "aria-label": string;
  className?: string;
}

/**
 * Tabs (Radix): arrow keys move between tabs and select them, Home/End jump to the ends, Tab moves into
 * the panel.
 */
export function Tabs({ items, value, defaultValue, onValueChange, className, ...rest }: TabsProps) {
  return (
    <RadixTabs.Root
      className={className ? `${styles.root} ${className}` : styles.root}
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items[0]?.value : undefined)}
      onValueChange={onValueChange}
    >
      <RadixTabs.List className={styles.list} aria-label={rest["aria-label"]}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={styles.trigger}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
