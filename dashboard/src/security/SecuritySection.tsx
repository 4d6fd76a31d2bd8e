import { useEffect, useRef, useState } from "react";
import { ChangePasswordModal } from "../settings/ChangePasswordModal.tsx";
import { SETTINGS } from "../settings/messages.ts";
import { SECURITY_ANCHOR, useEnrollmentGate } from "./EnrollmentGate.tsx";
import { ExportsSection } from "./ExportsSection.tsx";
import { ENROLLMENT_GATE } from "./messages.ts";
import { PasskeysSection } from "./PasskeysSection.tsx";
import { PreferencesSection } from "./PreferencesSection.tsx";
import { SessionsSection } from "./SessionsSection.tsx";
import { TwoFactorSection } from "./TwoFactorSection.tsx";

/**
 * Settings → Security & Preferences: the password, two-factor authentication and passkeys, where
 * the account is signed in, which emails it gets, and the workspace's data exports. A member sent
 * here by an organization that requires two-factor authentication reads why first.
 */
export function SecuritySection() {
  const [changing, setChanging] = useState(false);
  const gate = useEnrollmentGate();
  const banner = useRef<HTMLParagraphElement>(null);
  const required = gate?.required === true;

  // Sent here from another screen: the reason is where the eyes and the screen reader land.
  useEffect(() => {
    if (!required) return;
    banner.current?.scrollIntoView?.({ block: "center" });
    banner.current?.focus();
  }, [required]);

  return (
    <div id={SECURITY_ANCHOR} className="security-settings">
      {required ? (
        <p ref={banner} className="notice notice-warning enrollment-banner" role="alert" tabIndex={-1}>
          {ENROLLMENT_GATE.required}
        </p>
      ) : null}
      <section className="card" aria-labelledby="security-title">
        <h2 id="security-title">{SETTINGS.security}</h2>
        <ul className="list">
          <li className="list-row">
            <span>{SETTINGS.changePassword}</span>
            <button type="button" className="button button-small" onClick={() => setChanging(true)}>
              {SETTINGS.changePassword}
            </button>
          </li>
        </ul>
        <TwoFactorSection />
        <PasskeysSection />
        {changing ? <ChangePasswordModal onClose={() => setChanging(false)} /> : null}
      </section>
      <SessionsSection />
      <PreferencesSection />
      <ExportsSection />
    </div>
  );
}
