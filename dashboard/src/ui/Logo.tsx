import { BRAND } from "../messages.ts";

/**
 * The sPay mark: the docs site's badge (a rounded accent square with an "s", docs-site DocsLayout)
 * beside the name, the same drawing as public/favicon.svg. The name is the accessible text.
 */
export function Logo() {
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 32 32"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="7" />
        <text x="16" y="22.5" textAnchor="middle">
          s
        </text>
      </svg>
      <span className="logo-name">{BRAND}</span>
    </span>
  );
}
