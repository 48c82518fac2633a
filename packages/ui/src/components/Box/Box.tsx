import type { ElementType, HTMLAttributes, ReactNode, Ref } from "react";
import { type Sprinkles, sprinkles } from "../../theme/sprinkles.css";

type NativeProps = Omit<HTMLAttributes<HTMLElement>, keyof Sprinkles | "color">;

export interface BoxProps extends Sprinkles, NativeProps {
  /** The element to render (default div): "section", "ul", "nav", ... */
  as?: ElementType;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/** Splits sprinkles props (spacing, flex, colour tokens, responsive values) from the element's own props. */
export function splitSprinkles<P extends object>(props: P): [Sprinkles, Omit<P, keyof Sprinkles>] {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (sprinkles.properties.has(key as keyof Sprinkles)) atoms[key] = value;
    else rest[key] = value;
  }
  return [atoms as Sprinkles, rest as Omit<P, keyof Sprinkles>];
}

/**
 * The layout atom: any element, styled by sprinkles props that take theme tokens and responsive
 * values, e.g. `<Box as="section" padding={{ base: "3", lg: "6" }} background="surface">`.
 */
export function Box({ as: Component = "div", className, ...props }: BoxProps) {
  const [atoms, rest] = splitSprinkles(props);
  const atomClass = sprinkles(atoms);
  return <Component className={className ? `${atomClass} ${className}` : atomClass} {...rest} />;
}
