import { Tabs as RadixTabs } from "radix-ui";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Icon } from "../Icon/Icon";
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

type Overflow = { start: boolean; end: boolean };

/** Which ends of the tab list hide tabs (scrolled away or clipped). */
function measure(list: HTMLElement): Overflow {
  const { scrollLeft, scrollWidth, clientWidth } = list;
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * Tabs (Radix): arrow keys move between tabs and select them, Home/End jump to the ends, Tab moves into
 * the panel. When the tabs do not fit (phones), the list scrolls sideways: a fade with an arrow marks each
 * end that hides tabs (the arrow scrolls by pointer; keyboard focus brings a tab into view by itself), and
 * the selected tab is kept in view.
 */
export function Tabs({ items, value, defaultValue, onValueChange, className, ...rest }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const [current, setCurrent] = useState(value ?? defaultValue ?? items[0]?.value);
  const selected = value ?? current;

  const update = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = measure(list);
    setOverflow((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(list);
    for (const child of Array.from(list.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [update]);

  // Keep the selected tab in view (e.g. selected from the route, or after the window narrows).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !active || selected === undefined) return;
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + active.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left + active.offsetWidth - list.clientWidth;
    update();
  }, [selected, update]);

  const scrollBy = (direction: -1 | 1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({ left: direction * Math.max(80, list.clientWidth * 0.6), behavior: "smooth" });
  };

  return (
    <RadixTabs.Root
      className={className ? `${styles.root} ${className}` : styles.root}
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items[0]?.value : undefined)}
      onValueChange={(next) => {
        setCurrent(next);
        onValueChange?.(next);
      }}
    >
      <div
        className={styles.frame}
        data-overflow-start={overflow.start || undefined}
        data-overflow-end={overflow.end || undefined}
      >
        <RadixTabs.List
          ref={listRef}
          className={styles.list}
          aria-label={rest["aria-label"]}
          onScroll={update}
        >
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
        {/* Pointer affordances only: keyboard users move with the arrow keys, which scroll the tab into view. */}
        <button
          type="button"
          className={`${styles.scroller} ${styles.scrollerStart}`}
          aria-hidden="true"
          tabIndex={-1}
          hidden={!overflow.start}
          data-testid="tabs-scroll-start"
          onClick={() => scrollBy(-1)}
        >
          <span className={styles.flip}>
            <Icon name="chevronRight" size={16} />
          </span>
        </button>
        <button
          type="button"
          className={`${styles.scroller} ${styles.scrollerEnd}`}
          aria-hidden="true"
          tabIndex={-1}
          hidden={!overflow.end}
          data-testid="tabs-scroll-end"
          onClick={() => scrollBy(1)}
        >
          <Icon name="chevronRight" size={16} />
        </button>
      </div>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.content}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
