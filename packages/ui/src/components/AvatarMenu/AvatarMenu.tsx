import { DropdownMenu } from "radix-ui";
import { Avatar } from "../Avatar/Avatar";
import { Icon } from "../Icon/Icon";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./AvatarMenu.css";

export interface AvatarMenuProps {
  name: string;
  /** The role label: "Owner & Admin", "Owner", "Admin", "Supervisor" or "Agent" (roleLabel() of @herald/domain). */
  roleLabel: string;
  avatarSrc?: string | null;
  profileHref?: string;
  settingsHref?: string;
  /** Show My Profile and Account Settings (default true); an account without those pages hides them. */
  accountLinks?: boolean;
  /** The label of the sign-out item (default "Log Out"). */
  logoutLabel?: string;
  /** Log Out was chosen (the portal asks "Log out of the product?" first). */
  onLogout: () => void;
  /**
   * Renders My Profile and Account Settings. The menu adds its own props (role, tabIndex, handlers) to the
   * element returned, so return the link element itself (react-router's Link passes them to its <a>).
   */
  renderLink?: RenderLink;
  /** The colour theme chosen; with `onThemeChange` the menu offers System, Light and Dark. */
  theme?: ThemeChoice;
  onThemeChange?: (theme: ThemeChoice) => void;
}

export type ThemeChoice = "system" | "light" | "dark";

const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/**
 * The header's account menu (Radix DropdownMenu): name and role label, My Profile, Account Settings and
 * Log Out. Enter, Space or ArrowDown open it; arrow keys move, Escape closes and returns focus.
 */
export function AvatarMenu({
  name,
  roleLabel,
  avatarSrc,
  profileHref = "/admin/profile",
  settingsHref = "/admin/profile-settings",
  accountLinks = true,
  logoutLabel = "Log Out",
  onLogout,
  renderLink = defaultRenderLink,
  theme = "system",
  onThemeChange,
}: AvatarMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger}>
        <Avatar name={name} src={avatarSrc} size="md" decorative />
        <span className={styles.who}>
          <span className={styles.name}>{name}</span>
          <span className={styles.role}>{roleLabel}</span>
        </span>
        <span className={styles.chevron}>
          <Icon name="chevronDown" size={14} />
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
          <DropdownMenu.Label className={styles.header}>
            <span className={styles.name}>{name}</span>
            <span className={styles.role}>{roleLabel}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          {accountLinks ? (
            <>
              <DropdownMenu.Item asChild className={styles.item}>
                {renderLink({
                  href: profileHref,
                  children: (
                    <>
                      <Icon name="user" />
                      My Profile
                    </>
                  ),
                })}
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={styles.item}>
                {renderLink({
                  href: settingsHref,
                  children: (
                    <>
                      <Icon name="settings" />
                      Account Settings
                    </>
                  ),
                })}
              </DropdownMenu.Item>
            </>
          ) : null}
          {onThemeChange ? (
            <>
              {accountLinks ? <DropdownMenu.Separator className={styles.separator} /> : null}
              <DropdownMenu.Group>
                <DropdownMenu.Label className={styles.groupLabel}>Theme</DropdownMenu.Label>
                <DropdownMenu.RadioGroup
                  value={theme}
                  onValueChange={(value) => onThemeChange(value as ThemeChoice)}
                >
                  {THEME_CHOICES.map((choice) => (
                    <DropdownMenu.RadioItem
                      key={choice.value}
                      value={choice.value}
                      className={styles.item}
                      // Keep the menu open: the page changes colour behind it and another choice is one key away.
                      onSelect={(event) => event.preventDefault()}
                    >
                      <span className={styles.indicatorSlot}>
                        <DropdownMenu.ItemIndicator>
                          <Icon name="check" />
                        </DropdownMenu.ItemIndicator>
                      </span>
                      {choice.label}
                    </DropdownMenu.RadioItem>
                  ))}
                </DropdownMenu.RadioGroup>
              </DropdownMenu.Group>
            </>
          ) : null}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={`${styles.item} ${styles.danger}`} onSelect={onLogout}>
            <Icon name="logout" />
            {logoutLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
