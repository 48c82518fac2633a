import { Button } from "@herald/ui";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import * as s from "./users.css";

export interface MenuAction {
  label: string;
  onSelect: () => void;
}

const chevron = (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
  </svg>
);

/**
 * A button that shows a short list of actions (disclosure pattern): the first action takes focus when it
 * opens; Escape, a click elsewhere or a choice closes it and focus returns to the button.
 */
export function ActionsMenu({
  label,
  actions,
  disabled = false,
}: {
  label: string;
  actions: readonly MenuAction[];
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelector("button")?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll("button") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  };

  return (
    <div ref={wrap} className={s.menuWrap}>
      <Button
        ref={trigger}
        variant="outline"
        tone="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        iconEnd={chevron}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </Button>
      {open && (
        <ul id={listId} ref={list} className={s.menu} onKeyDown={onListKeyDown}>
          {actions.map((action) => (
            <li key={action.label}>
              <button
                type="button"
                className={s.menuItem}
                onClick={() => {
                  close();
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
