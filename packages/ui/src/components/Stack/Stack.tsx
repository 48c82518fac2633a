import type { ReactNode } from "react";
import type { Sprinkles } from "../../theme/sprinkles.css";
import { Box, type BoxProps } from "../Box/Box";

export interface StackProps
  extends Omit<BoxProps, "display" | "flexDirection" | "alignItems" | "justifyContent"> {
  /** Column (default) stacks vertically; row lays out horizontally. Responsive values allowed. */
  direction?: Sprinkles["flexDirection"];
  gap?: Sprinkles["gap"];
  align?: Sprinkles["alignItems"];
  justify?: Sprinkles["justifyContent"];
  wrap?: boolean;
  children?: ReactNode;
}

/** Flex layout with a gap from the spacing scale. */
export function Stack({ direction = "column", gap = "3", align, justify, wrap, ...rest }: StackProps) {
  return (
    <Box
      display="flex"
      flexDirection={direction}
      gap={gap}
      alignItems={align}
      justifyContent={justify}
      flexWrap={wrap ? "wrap" : undefined}
      {...rest}
    />
  );
}
