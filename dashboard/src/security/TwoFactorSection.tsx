import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorOf } from "../api/field-errors.ts";
import { errorMessage } from "../api/http.ts";
import { regenerateRecoveryCodes, removeTotp } from "../api/two-factor.ts";
import { useSession } from "../state/session.tsx";
import { ConfirmDialog } from "../team/ConfirmDialog.tsx";
import { formatDate } from "../ui/format.ts";
import { ErrorNotice, Loading } from "../ui/Status.tsx";
import { useEnrollmentGate } from "./EnrollmentGate.tsx";
import { EnrollTotpModal } from "./EnrollTotpModal.tsx";
import { TWO_FACTOR } from "./messages.ts";
import { RecoveryCodesModal } from "./RecoveryCodes.tsx";
import { securityKeys, useTwoFactorStatus } from "./useSecurity.ts";
import { isStepUpCanceled, useStepUp } from "./useStepUp.tsx";

/** At or under this many unused recovery codes, the screen says to make new ones. */
export const FEW_RECOVERY_CODES = 3;

type Dialog =
  | { kind: "enroll" }
  | { kind: "disable" }
  | { kind: "regenerate" }
  | { kind: "codes"; codes: string[] };

/**
 * Two-factor authentication: whether the authenticator app is on and since when, how many recovery
 * codes are left; turn it on (QR code, then the recovery codes once), off, or make new codes —
 * the last two ask for the second factor again when the server wants a fresh one.
 */
export function TwoFactorSection() {
  const { token } = useSession();
  const client = useQueryClient();
  const gate = useEnrollmentGate();
  const status = useTwoFactorStatus(token);
  const stepUp = useStepUp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [news, setNews] = useState<string | null>(null);
  const enabled = status.data?.totp.enabled === true;
  const hasPasskeys = (status.data?.passkeys ?? 0) > 0;
  // On with an authenticator app or a passkey: either answers the second-factor question.
  const on = enabled || hasPasskeys || status.data?.enabled === true;
  const remaining = status.data?.recovery_codes_remaining ?? 0;

  const open = (next: Dialog) => {
    setDialogError(null);
    setNews(null);
    setDialog(next);
  };
  const close = () => setDialog(null);

  const guarded = async (kind: "disable" | "regenerate") => {
    if (!token) return;
    setBusy(true);
    setDialogError(null);
    try {
      if (kind === "disable") {
        client.setQueryData(securityKeys.twoFactor(), await stepUp.run(() => removeTotp(token)));
        setNews(TWO_FACTOR.disabled);
        close();
      } else {
        const { recovery_codes } = await stepUp.run(() => regenerateRecoveryCodes(token));
        void client.invalidateQueries({ queryKey: securityKeys.twoFactor() });
        setNews(TWO_FACTOR.regenerated);
        setDialog({ kind: "codes", codes: recovery_codes });
      }
      // Other sessions were signed out.
      void client.invalidateQueries({ queryKey: securityKeys.sessions() });
    } catch (err) {
      if (!isStepUpCanceled(err)) {
        const reason = fieldErrorOf(err).message;
        setDialogError(
          kind === "disable" ? TWO_FACTOR.disableFailed(reason) : TWO_FACTOR.regenerateFailed(reason),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const onEnabled = () => {
    setNews(TWO_FACTOR.enabled);
    gate?.satisfied();
    // The organization that turned this member away lets them in now: every read is asked again.
    void client.invalidateQueries();
  };

  return (
    <section className="security-block" aria-labelledby="two-factor-title" aria-busy={status.isFetching}>
      <h3 id="two-factor-title">
        {TWO_FACTOR.title}{" "}
        {status.data ? (
          <span className={`badge ${on ? "badge-success" : "badge-neutral"}`} data-testid="two-factor-state">
            {on ? TWO_FACTOR.on : TWO_FACTOR.off}
          </span>
        ) : null}
      </h3>
      <p className="muted">{TWO_FACTOR.intro}</p>
      {status.isPending && !status.isError ? <Loading label={TWO_FACTOR.loading} /> : null}
      {status.error ? (
        <ErrorNotice
          message={TWO_FACTOR.failed(errorMessage(status.error))}
          onRetry={() => void status.refetch()}
        />
      ) : null}
      {status.data ? (
        <>
          <p>
            {enabled
              ? TWO_FACTOR.onSince(formatDate(status.data.totp.created_at))
              : hasPasskeys
                ? TWO_FACTOR.passkeyOnly
                : TWO_FACTOR.offHint}
          </p>
          {enabled || remaining > 0 ? (
            <p
              className={remaining <= FEW_RECOVERY_CODES ? "notice notice-warning" : "muted"}
              data-testid="recovery-left"
            >
              {TWO_FACTOR.recoveryLeft(remaining)}
              {remaining <= FEW_RECOVERY_CODES ? ` ${TWO_FACTOR.recoveryLow}` : ""}
            </p>
          ) : null}
          <div className="row">
            {enabled ? (
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => open({ kind: "disable" })}
              >
                {TWO_FACTOR.disable}
              </button>
            ) : (
              <button
                type="button"
                className="button button-small button-primary"
                onClick={() => open({ kind: "enroll" })}
              >
                {hasPasskeys ? TWO_FACTOR.addApp : TWO_FACTOR.enable}
              </button>
            )}
            {enabled || hasPasskeys ? (
              <button
                type="button"
                className="button button-small"
                onClick={() => open({ kind: "regenerate" })}
              >
                {TWO_FACTOR.regenerate}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      <p role="status" className="success-text" data-testid="two-factor-news">
        {news}
      </p>

      {dialog?.kind === "enroll" ? (
        <EnrollTotpModal stepUp={stepUp} onEnabled={onEnabled} onClose={close} />
      ) : null}
      {dialog?.kind === "disable" || dialog?.kind === "regenerate" ? (
        <ConfirmDialog
          title={dialog.kind === "disable" ? TWO_FACTOR.disableTitle : TWO_FACTOR.regenerateTitle}
          message={dialog.kind === "disable" ? TWO_FACTOR.disableConfirm : TWO_FACTOR.regenerateConfirm}
          confirm={dialog.kind === "disable" ? TWO_FACTOR.disable : TWO_FACTOR.regenerateSubmit}
          busyText={dialog.kind === "disable" ? TWO_FACTOR.disabling : TWO_FACTOR.regenerating}
          busy={busy}
          error={dialogError}
          onConfirm={() => void guarded(dialog.kind)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === "codes" ? <RecoveryCodesModal codes={dialog.codes} onDone={close} /> : null}
      {stepUp.dialog}
    </section>
  );
}
