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
