import { PALETTE } from "./messages.ts";

export type CommandGroup = keyof typeof PALETTE.groups;

export interface Command {
  id: string;
  group: CommandGroup;
  label: string;
  keywords?: string;
  /** An app route, or an external page of the same origin (docs). */
  to?: string;
  href?: string;
  action?: "toggle-theme" | "sign-out";
}

/** The palette's commands in their groups (SPEC.md §2): navigation, quick actions, settings, help. */
export const COMMANDS: readonly Command[] = [
  { id: "nav-getting-started", group: "navigation", label: "Go to Getting Started", to: "/getting-started" },
  { id: "nav-dashboard", group: "navigation", label: "Go to Dashboard", to: "/dashboard" },
  { id: "nav-payments", group: "navigation", label: "Go to Payments", to: "/payments" },
  { id: "nav-products", group: "navigation", label: "Go to Products", to: "/products" },
  {
    id: "nav-customers",
    group: "navigation",
    label: "Go to Customers",
    keywords: "buyers",
    to: "/customers",
  },
  { id: "nav-mail", group: "navigation", label: "Go to Mail", keywords: "receipts inbox email", to: "/mail" },
  { id: "nav-merchants", group: "navigation", label: "Go to Merchants", to: "/dashboard" },
  {
    id: "nav-developers",
    group: "navigation",
    label: "Go to Developers",
    keywords: "api keys",
    to: "/integrations",
  },
  {
    id: "nav-analytics",
    group: "navigation",
    label: "Go to Analytics",
    keywords: "revenue",
    to: "/dashboard",
  },
  {
    id: "nav-team",
    group: "navigation",
    label: "Go to Team",
    keywords: "members invite roles",
    to: "/team",
  },
  { id: "nav-settings", group: "navigation", label: "Go to Settings", to: "/settings" },
  { id: "qa-product", group: "quickActions", label: "Create Product", to: "/products" },
  { id: "qa-key", group: "quickActions", label: "Create API Key", to: "/integrations" },
  { id: "qa-webhook", group: "quickActions", label: "Test Webhook", to: "/getting-started" },
  {
    id: "qa-theme",
    group: "quickActions",
    label: "Toggle Theme",
    keywords: "dark light",
    action: "toggle-theme",
  },
  { id: "set-account", group: "settings", label: "Account Settings", to: "/settings" },
  { id: "set-environments", group: "settings", label: "Manage Environments", to: "/settings#environments" },
  { id: "set-signout", group: "settings", label: "Sign Out", keywords: "logout", action: "sign-out" },
  { id: "help-docs", group: "help", label: "Documentation", href: "/docs" },
  { id: "help-api", group: "help", label: "API Reference", href: "/docs/api-reference" },
  { id: "help-support", group: "help", label: "Support", href: "/docs/support" },
];

/** Commands whose label, group or keywords contain every word of the query (case-insensitive). */
export function filterCommands(query: string, commands: readonly Command[] = COMMANDS): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => {
    const text = `${c.label} ${PALETTE.groups[c.group]} ${c.keywords ?? ""}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
