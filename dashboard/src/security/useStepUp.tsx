import { type ReactNode, useCallback, useRef, useState } from "react";
import { errorCode } from "../api/http.ts";
import { stepUpPasskeyOptions } from "../api/passkeys.ts";
import { type SecondFactorProof, stepUp } from "../api/two-factor.ts";
import type { SecondFactorMethod } from "../api/types.ts";
import { SecondFactorForm } from "../auth/SecondFactorForm.tsx";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { Loading } from "../ui/Status.tsx";
import { STEP_UP } from "./messages.ts";
import { useTwoFactorStatus } from "./useSecurity.ts";

/** The person closed the step-up question: the action was not taken (nothing to report). */
export class StepUpCanceled extends Error {
  override readonly name = "StepUpCanceled";
  constructor() {
    super(STEP_UP.canceled);
  }
}

export function isStepUpCanceled(err: unknown): err is StepUpCanceled {
  return err instanceof StepUpCanceled;
}

export interface StepUp {
  /**
   * Runs `action`; when the server answers 403 `second_factor_required` (the action reveals or
   * changes a secret, the payout wallet, a second factor, or deletes), asks for the second factor,
   * then runs `action` once more. Rejects with {@link StepUpCanceled} when the question is closed.
   */
  run<T>(action: () => Promise<T>): Promise<T>;
  /** The question, while it is asked: render it beside (not inside) the screen's own form. */
  dialog: ReactNode;
}

/**
 * Proving the second factor again before a guarded action, for any screen: API keys, the payout
 * wallet, deleting, the security settings. The server asks at most every five minutes; a stolen
 * session alone cannot answer.
 */
export function useStepUp(): StepUp {
  const [asking, setAsking] = useState(false);
  // Actions refused at once (a double click) wait for the same answer.
  const waiting = useRef<{ promise: Promise<void>; resolve(): void; reject(err: Error): void } | null>(null);

  const ask = useCallback((): Promise<void> => {
    if (!waiting.current) {
      let resolve = () => {};
      let reject: (err: Error) => void = () => {};
      const promise = new Promise<void>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      waiting.current = { promise, resolve, reject };
      setAsking(true);
    }
    return waiting.current.promise;
  }, []);

  const settle = useCallback((err: Error | null) => {
    const current = waiting.current;
    waiting.current = null;
    setAsking(false);
    if (err) current?.reject(err);
    else current?.resolve();
  }, []);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (err) {
        if (errorCode(err) !== "second_factor_required") throw err;
        await ask();
        return action();
      }
    },
    [ask],
  );

  const dialog = asking ? (
    <StepUpDialog onProved={() => settle(null)} onCancel={() => settle(new StepUpCanceled())} />
  ) : null;
  return { run, dialog };
}

/** "Confirm it's you": the account's second factors, whichever it has; proved, the action goes on. */
export function StepUpDialog({ onProved, onCancel }: { onProved(): void; onCancel(): void }) {
  const { token } = useSession();
  const status = useTwoFactorStatus(token);
  const known = status.data !== undefined || status.isError;
  // An unreadable status offers every answer: the server decides what counts.
  const methods: SecondFactorMethod[] = [];
  const totp = status.data ? status.data.totp.enabled : status.isError;
  if (totp) methods.push("totp");
  if (totp || (status.data?.recovery_codes_remaining ?? 0) > 0) methods.push("recovery_code");
  if (status.data ? status.data.passkeys > 0 : status.isError) methods.push("passkey");

  const prove = async (proof: SecondFactorProof) => {
    if (!token) return;
    await stepUp(token, proof);
    onProved();
  };

  return (
    <Modal title={STEP_UP.title} onClose={onCancel}>
      <p className="muted">{STEP_UP.intro}</p>
      {known ? (
        <SecondFactorForm
          methods={methods}
          prove={prove}
          passkeyOptions={token ? () => stepUpPasskeyOptions(token) : undefined}
          actions={
            <button type="button" className="button" onClick={onCancel}>
              {STEP_UP.cancel}
            </button>
          }
        />
      ) : (
        <Loading label={STEP_UP.loading} />
      )}
    </Modal>
  );
}
