import { lightThemeClass } from "../theme/themes.css";
import { breakpoints, fontSize, space } from "../theme/tokens";
import { vars } from "../theme/vars.css";

/** Tables for the Introduction page: they read the theme contract, so they always show the live values. */

const colorNames = Object.keys(vars.color) as (keyof typeof vars.color)[];

const cell = {
  padding: "6px 12px",
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
} as const;

export function ColorSwatches() {
  return (
    <div
      className={lightThemeClass}
      style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(180px, 1fr))", gap: 12 }}
    >
      {colorNames.map((name) => (
        <figure key={name} style={{ margin: 0, display: "flex", alignItems: "center", gap: 8 }}>
          <span
            aria-hidden="true"
            style={{
              width: 40,
              height: 40,
              flex: "none",
              borderRadius: vars.radius.md,
              border: `1px solid ${vars.color.borderStrong}`,
              background: vars.color[name],
            }}
          />
          <figcaption style={{ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm }}>
            color.{name}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

export function SpacingScale() {
  return (
    <table style={{ borderCollapse: "collapse" }}>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>Value</th>
          <th style={cell}>Sample</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(space) as (keyof typeof space)[]).map((key) => (
          <tr key={key}>
            <td style={{ ...cell, fontFamily: vars.font.mono }}>space.{key}</td>
            <td style={cell}>{space[key]}</td>
            <td style={cell}>
              <span
                aria-hidden="true"
                style={{
                  display: "block",
                  height: 12,
                  width: vars.space[key],
                  background: vars.color.primary,
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TypeScale() {
  return (
    <table style={{ borderCollapse: "collapse" }}>
      <thead>
        <tr>
          <th style={cell}>Token</th>
          <th style={cell}>Size</th>
          <th style={cell}>Sample</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(fontSize) as (keyof typeof fontSize)[]).map((key) => (
          <tr key={key}>
            <td style={{ ...cell, fontFamily: vars.font.mono }}>fontSize.{key}</td>
            <td style={cell}>{fontSize[key]}</td>
            <td style={{ ...cell, fontSize: vars.fontSize[key] }}>Send 1,000 SMS for SGD 45.00</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Breakpoints() {
  return (
    <table style={{ borderCollapse: "collapse" }}>
      <thead>
        <tr>
          <th style={cell}>Name</th>
          <th style={cell}>Min width</th>
        </tr>
      </thead>
      <tbody>
        {(Object.keys(breakpoints) as (keyof typeof breakpoints)[]).map((key) => (
          <tr key={key}>
            <td style={{ ...cell, fontFamily: vars.font.mono }}>{key}</td>
            <td style={cell}>{breakpoints[key]} px</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const dialogGuide: { need: string; use: string; notes: string }[] = [
  {
    need: "Tell the user the outcome of something they did, or a rule they broke (the specification's modal messages, shown word for word)",
    use: "MessageDialog",
    notes: "variant success / error / warning / info; one OK button. Blocks until acknowledged.",
  },
  {
    need: 'Ask before an action that is destructive or costs money ("Are you sure?")',
    use: "ConfirmDialog",
    notes:
      'Confirm and cancel labels; tone="danger" for deletions; onConfirm may return a promise and the confirm button shows loading until it settles.',
  },
  {
    need: "A short task in a modal: a form of a few fields, a picker",
    use: "Dialog",
    notes:
      "Generic Radix dialog: title, description, your content and buttons. Traps focus; Escape and the close button close it.",
  },
  {
    need: "Details or a longer form beside the page the user still needs (a record's details, notifications)",
    use: "SidePanel",
    notes: "A right-hand sheet; same focus rules as Dialog.",
  },
  {
    need: 'Non-blocking news that needs no answer ("Contact saved", "Export ready")',
    use: "Toast (useToast())",
    notes: "Disappears by itself; never for errors the user must act on.",
  },
];

export function DialogGuide() {
  return (
    <table style={{ borderCollapse: "collapse" }}>
      <thead>
        <tr>
          <th style={cell}>Need</th>
          <th style={cell}>Use</th>
          <th style={cell}>Notes</th>
        </tr>
      </thead>
      <tbody>
        {dialogGuide.map((row) => (
          <tr key={row.use}>
            <td style={cell}>{row.need}</td>
            <td style={{ ...cell, fontWeight: vars.fontWeight.bold, whiteSpace: "nowrap" }}>{row.use}</td>
            <td style={cell}>{row.notes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
