import type { ReactNode } from "react";
import { baseCss } from "./base.css.js";
import type { Theme } from "./theme.js";

/** Props of {@link SpayRoot}. */
export interface SpayRootProps {
  theme?: Theme | undefined;
  /** The component's own CSS, appended to the shared tokens. */
  css: string;
  className?: string;
  children: ReactNode;
}

/**
 * The outer element of every exported component: scopes the theme's CSS variables and carries the
 * component's stylesheet, so it renders the same in a React app and in a shadow root.
 */
export function SpayRoot({ theme = "light", css, className, children }: SpayRootProps) {
  return (
    <div className={className ? `spay ${className}` : "spay"} data-theme={theme}>
      <style>{baseCss + css}</style>
      {children}
    </div>
  );
}
