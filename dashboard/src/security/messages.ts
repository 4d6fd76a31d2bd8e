/** The texts of Settings → Security & Preferences, the step-up question and the organization's two-factor rule; shared texts are in ../messages.ts. */
import type { DataExport, Preferences } from "../api/types.ts";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export const TWO_FACTOR = {
  title: "Two-factor authentication",
  intro:
    "After your password or wallet, sign-in asks for a code from an authenticator app on your phone: a stolen password alone cannot open your account.",
  loading: "Loading your two-factor settings…",
  failed: (reason: string) => `Could not load your two-factor settings: ${reason}`,
  on: "On",
  off: "Off",
  onSince: (date: string) => `Authenticator app added on ${date}.`,
  offHint: "Not set up: your password or wallet alone signs you in.",
  passkeyOnly: "Your passkeys answer the two-factor question; you can add an authenticator app too.",
  recoveryLeft: (n: number) => `${plural(n, "recovery code", "recovery codes")} left.`,
  recoveryLow: "Few recovery codes left: make new ones before you run out.",
  enable: "Enable 2FA",
  addApp: "Add an authenticator app",
  disable: "Turn off 2FA",
  regenerate: "Regenerate recovery codes",
  disableTitle: "Turn off two-factor authentication",
  disableConfirm:
    "Turn off two-factor authentication? Your authenticator app and recovery codes stop working at once, and you are signed out on your other devices.",
  disabling: "Turning off…",
  disabled: "Two-factor authentication is off.",
  disableFailed: (reason: string) => `Could not turn off two-factor authentication: ${reason}`,
  regenerateTitle: "Regenerate recovery codes",
  regenerateConfirm: "Make ten new recovery codes? The codes you have now stop working at once.",
  regenerateSubmit: "Make new codes",
  regenerating: "Making new codes…",
  regenerateFailed: (reason: string) => `Could not make new recovery codes: ${reason}`,
  regenerated: "New recovery codes are ready; the old ones no longer work.",
  enabled: "Two-factor authentication is on. You were signed out on your other devices.",
} as const;

export const ENROLL = {
  title: "Set up two-factor authentication",
  starting: "Preparing your secret key…",
  startFailed: (reason: string) => `Could not start the setup: ${reason}`,
  scan: "Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy and others).",
  qrAlt: "QR code that adds sPay to your authenticator app",
  drawing: "Drawing the QR code…",
  qrFailed: "The QR code could not be drawn: enter the key below instead.",
  manual: "Can't scan it? Enter this key in the app instead (time-based, 6 digits):",
  secretLabel: "Secret key",
  codePrompt: "Then enter the 6-digit code the app shows for sPay.",
  codeLabel: "Code from the app",
  confirm: "Turn on",
  confirming: "Checking…",
  codeRequired: "Enter the 6-digit code from the app",
  wrongCode: "That code is not right. Check the app shows sPay, then enter the code it shows now.",
  confirmFailed: (reason: string) => `Could not turn on two-factor authentication: ${reason}`,
  cancel: "Cancel",
} as const;

export const RECOVERY_CODES = {
  title: "Save your recovery codes",
  intro:
    "If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: keep them in your password manager or print them.",
  listLabel: "Recovery codes",
  copy: "Copy codes",
  copied: "Recovery codes copied to the clipboard.",
  copyFailed: "Could not copy: select the codes and copy them by hand.",
  download: "Download (.txt)",
  downloaded: (file: string) => `Recovery codes downloaded as ${file}.`,
  fileName: "spay-recovery-codes.txt",
  fileText: (account: string, codes: readonly string[], date: string) =>
    [
      `sPay recovery codes for ${account}`,
      `Made on ${date}. Each code signs you in once instead of a code from your authenticator app.`,
      "",
      ...codes,
      "",
    ].join("\n"),
  saved: "I saved these codes somewhere safe",
  done: "Done",
  saveFirst: "Tick “I saved these codes somewhere safe” first: they will not be shown again.",
} as const;

export const STEP_UP = {
  title: "Confirm it's you",
  intro: "This action needs your second factor again; you won't be asked again for five minutes.",
  loading: "Loading your second factors…",
  cancel: "Cancel",
  canceled: "Not done: the action needs your second factor.",
} as const;

export const PASSKEYS = {
  title: "Passkeys",
  intro:
    "Sign in with your fingerprint, face, screen lock or a security key instead of a password. A passkey also answers the two-factor question.",
  loading: "Loading your passkeys…",
  failed: (reason: string) => `Could not load your passkeys: ${reason}`,
  none: "No passkeys yet.",
  add: "Add a passkey",
  adding: "Waiting for your device…",
  added: (name: string) => `Passkey “${name}” added. You were signed out on your other devices.`,
  addFailed: (reason: string) => `Could not add the passkey: ${reason}`,
  canceled: "The passkey prompt was closed; nothing was added.",
  alreadyRegistered: "This device already holds a passkey for your account.",
  unsupported: "This browser cannot create passkeys.",
  synced: "Synced",
  syncedHint: "Copied to your other devices by your passkey provider",
  added_on: (date: string) => `Added ${date}`,
  lastUsed: (date: string | null) => (date ? `Last used ${date}` : "Never used"),
  rename: "Rename",
  renameOf: (name: string) => `Rename ${name}`,
  newName: "New name",
  save: "Save",
  saving: "Saving…",
  cancel: "Cancel",
  nameRequired: "Enter a name",
  renamed: (name: string) => `Renamed to “${name}”.`,
  renameFailed: (reason: string) => `Could not rename the passkey: ${reason}`,
  remove: "Remove",
  removeOf: (name: string) => `Remove ${name}`,
  removeTitle: "Remove passkey",
  removeConfirm: (name: string) =>
    `Remove the passkey “${name}”? It stops signing you in, and you are signed out on your other devices.`,
  removing: "Removing…",
  removed: (name: string) => `Passkey “${name}” removed.`,
  removeFailed: (reason: string) => `Could not remove the passkey: ${reason}`,
} as const;

export const SESSIONS = {
  title: "Sessions",
  intro:
    "Where your account is signed in now. Sign out anything you don't recognise, then change your password.",
  loading: "Loading your sessions…",
  failed: (reason: string) => `Could not load your sessions: ${reason}`,
  thisDevice: "This device",
  unknownDevice: "Unknown device",
  ip: "IP address",
  unknownIp: "Unknown",
  created: "Signed in",
  lastSeen: "Last active",
  never: "Not yet",
  signOut: "Sign out",
  signOutOf: (device: string) => `Sign out ${device}`,
  signingOut: "Signing out…",
  signedOut: (device: string) => `Signed out ${device}.`,
  signOutFailed: (reason: string) => `Could not sign out the session: ${reason}`,
  signOutOthers: "Sign out all other sessions",
  signOutOthersTitle: "Sign out all other sessions",
  signOutOthersConfirm:
    "Sign out everywhere but on this device? Anyone using your account elsewhere has to sign in again.",
  signedOutOthers: (n: number) =>
    n === 0
      ? "No other session was signed in."
      : `Signed out ${plural(n, "other session", "other sessions")}.`,
  signOutOthersFailed: (reason: string) => `Could not sign out the other sessions: ${reason}`,
  onlyThis: "Only this device is signed in.",
  cancel: "Cancel",
} as const;

type PreferenceName = keyof Preferences;

export const PREFERENCES = {
  title: "Email preferences",
  intro: "Which emails sPay sends you. The receipts your customers get are not affected.",
  loading: "Loading your email preferences…",
  failed: (reason: string) => `Could not load your email preferences: ${reason}`,
  names: {
    payment_notifications: {
      label: "Payment notifications",
      hint: "An email for each payment settled in your organization's workspaces.",
    },
    refund_notifications: {
      label: "Refund notifications",
      hint: "An email for each refund that settles.",
    },
    team_notifications: {
      label: "Team updates",
      hint: "When someone joins your organization (sent to owners and admins).",
    },
    security_alerts: {
      label: "Security alerts",
      hint: "A new device signed in, two-factor authentication or a passkey changed, an API key was rolled. We recommend keeping these on.",
    },
  } satisfies Record<PreferenceName, { label: string; hint: string }>,
  saved: (label: string, on: boolean) => `${label} turned ${on ? "on" : "off"}.`,
  saveFailed: (label: string, reason: string) => `Could not save ${label}: ${reason} It is back as it was.`,
} as const;

export const ENROLLMENT_GATE = {
  required: "This organization requires two-factor authentication. Set it up to continue.",
} as const;

export const REQUIRE_TWO_FACTOR = {
  title: "Two-factor authentication for members",
  label: "Require two-factor authentication",
  hint: "Members without a second factor (an authenticator app or a passkey) cannot open this organization until they set one up.",
  on: "Every member needs two-factor authentication to open this organization.",
  off: "Two-factor authentication is optional for members.",
  needsYours: "Set up two-factor authentication for your own account first: you would be locked out too.",
  setUp: "Set it up in Settings",
  failed: (reason: string) => `Could not change the setting: ${reason}`,
} as const;

export const EXPORTS = {
  title: "Data exports",
  intro:
    "A ZIP of this workspace's payments, refunds, customers, events and audit log, as CSV files, for up to a year at a time. We also email you the link when it is ready.",
  from: "From",
  to: "To",
  request: "Request Export",
  requesting: "Requesting…",
  requested: "Export requested. It appears below when ready.",
  requestFailed: (reason: string) => `Could not request the export: ${reason}`,
  rangeRequired: "Choose both dates.",
  rangeBackwards: "The start date must be on or before the end date.",
  rangeTooLong: (days: number) => `Choose at most ${days} days.`,
  loading: "Loading your exports…",
  failed: (reason: string) => `Could not load the exports: ${reason}`,
  none: "No exports yet.",
  listLabel: "Exports",
  status: {
    pending: "Queued",
    running: "Building",
    ready: "Ready",
    failed: "Failed",
    expired: "Expired",
  } satisfies Record<DataExport["status"], string>,
  range: (from: string, to: string) => `${from} – ${to}`,
  rows: (counts: NonNullable<DataExport["row_counts"]>) =>
    `${plural(counts.payments, "payment", "payments")}, ${plural(counts.refunds, "refund", "refunds")}, ${plural(counts.customers, "customer", "customers")}`,
  requestedOn: (date: string) => `Requested ${date}`,
  availableUntil: (date: string) => `Available until ${date}`,
  download: "Download",
  downloadOf: (range: string) => `Download the export of ${range}`,
} as const;
