import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { useSession } from "../state/session.tsx";
import { formatDate } from "../ui/format.ts";
import { Modal } from "../ui/Modal.tsx";
import { useCopy } from "../ui/useCopy.ts";
import { RECOVERY_CODES } from "./messages.ts";

/**
 * Ten recovery codes, shown this once (the server keeps only their hashes): copy them, download
 * them as a text file, and say they were saved before the dialog goes — closing it any other way
 * first asks for that tick, so a slip of Escape cannot lose them.
 */
export function useRecoveryCodes(codes: readonly string[] | null, onDone: () => void) {
  const [saved, setSaved] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const close = () => {
    if (saved) return onDone();
    setWarning(RECOVERY_CODES.saveFirst);
    box.current?.focus();
  };
  const panel = codes ? (
    <RecoveryCodesPanel
      codes={codes}
      saved={saved}
      onSaved={(next) => {
        setSaved(next);
        if (next) setWarning(null);
      }}
      warning={warning}
      box={box}
      onDone={close}
    />
  ) : null;
  return { panel, close };
}

/** The codes in their own dialog (new codes made from the security settings). */
export function RecoveryCodesModal({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const { panel, close } = useRecoveryCodes(codes, onDone);
  return (
    <Modal title={RECOVERY_CODES.title} onClose={close}>
      {panel}
    </Modal>
  );
}

function RecoveryCodesPanel({
  codes,
  saved,
  onSaved,
  warning,
  box,
  onDone,
}: {
  codes: readonly string[];
  saved: boolean;
  onSaved(saved: boolean): void;
  warning: string | null;
  box: RefObject<HTMLInputElement | null>;
  onDone(): void;
}): ReactNode {
  const { user } = useSession();
  const { copied, failed, copy } = useCopy();
  const [downloaded, setDownloaded] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const introId = useId();
  const text = RECOVERY_CODES.fileText(
    user?.email ?? user?.name ?? "",
    codes,
    formatDate(Math.floor(Date.now() / 1000)),
  );
  // The last of Copy and Download is the one announced (a Copy clears the download's line).
  const announcement = downloaded
    ? RECOVERY_CODES.downloaded(RECOVERY_CODES.fileName)
    : failed
      ? RECOVERY_CODES.copyFailed
      : copied
        ? RECOVERY_CODES.copied
        : "";

  // The codes replace the question that came before them: reading starts at the list.
  useEffect(() => list.current?.focus(), []);

  return (
    <div className="stack" data-testid="recovery-codes">
      <p id={introId}>{RECOVERY_CODES.intro}</p>
      <ol
        ref={list}
        className="recovery-codes"
        aria-label={RECOVERY_CODES.listLabel}
        aria-describedby={introId}
        tabIndex={-1}
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            setDownloaded(false);
            void copy(codes.join("\n"));
          }}
        >
          {RECOVERY_CODES.copy}
        </button>
        <a
          className="button button-small"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={RECOVERY_CODES.fileName}
          onClick={() => setDownloaded(true)}
        >
          {RECOVERY_CODES.download}
        </a>
      </div>
      <p role="status" className={failed && !downloaded ? "error-text" : "success-text"}>
        {announcement}
      </p>
      <label className="checkbox">
        <input ref={box} type="checkbox" checked={saved} onChange={(e) => onSaved(e.target.checked)} />
        {RECOVERY_CODES.saved}
      </label>
      <p role="alert" className="error-text">
        {warning}
      </p>
      <div className="row">
        <button type="button" className="button button-primary" onClick={onDone}>
          {RECOVERY_CODES.done}
        </button>
      </div>
    </div>
  );
}
