import { CopyButton } from "../ui/CopyButton.tsx";
import { INTEGRATIONS } from "./messages.ts";

/**
 * A webhook endpoint's signing secret, the one time it is shown (after it was created or rotated):
 * the server keeps it sealed and never answers it again.
 */
export function SigningSecretNotice({ secret }: { secret: string }) {
  return (
    <div className="notice" data-testid="endpoint-secret">
      <p>{INTEGRATIONS.secretOnce}</p>
      <code className="key">{secret}</code> <CopyButton text={secret} label="signing secret" />
    </div>
  );
}
