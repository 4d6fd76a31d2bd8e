import { type FormEvent, useId, useState } from "react";
import { useMerchant } from "../state/merchant.tsx";
import { useTenancyMutations } from "../state/merchant-queries.ts";
import { useSession } from "../state/session.tsx";
import { Modal } from "../ui/Modal.tsx";
import { creationErrorMessage } from "./creation-errors.ts";
import { TENANCY } from "./messages.ts";
import { slugify } from "./slug.ts";

/**
 * Creates an organization (name, slug) or a workspace in the current organization (name, optional
 * slug), then refetches the lists and selects what was created.
 */
export function CreateTenantModal({
  kind,
  onClose,
}: {
  kind: "organization" | "workspace";
  onClose(): void;
}) {
  const { token } = useSession();
  const { state, selectWorkspace, selectOrganization } = useMerchant();
  const create = useTenancyMutations(token);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const slugId = useId();
  const shownSlug = slugEdited ? slug : slugify(name);
  const title = kind === "organization" ? TENANCY.createOrganization : TENANCY.createWorkspace;
  const ready = name.trim() !== "" && (kind === "workspace" || shownSlug !== "");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token || !ready) return;
    setBusy(true);
    setError(null);
    try {
      if (kind === "organization") {
        const org = await create.organization.mutateAsync({ name: name.trim(), slug: shownSlug });
        await selectOrganization(org.id);
      } else {
        const ws = await create.workspace.mutateAsync({
          organizationId: state.currentOrganizationId,
          name: name.trim(),
          ...(shownSlug ? { slug: shownSlug } : {}),
        });
        await selectWorkspace(ws.id);
      }
      onClose();
    } catch (err) {
      setError(creationErrorMessage(err, kind));
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <label htmlFor={nameId}>{TENANCY.name}</label>
        <input id={nameId} value={name} required onChange={(e) => setName(e.target.value)} data-autofocus />
        <label htmlFor={slugId}>{TENANCY.slug}</label>
        <input
          id={slugId}
          value={shownSlug}
          required={kind === "organization"}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
        />
        <div role="alert" className="error-text">
          {error}
        </div>
        <div className="row row-end">
          <button type="button" className="button" onClick={onClose}>
            {TENANCY.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={!ready || busy}>
            {TENANCY.create}
          </button>
        </div>
      </form>
    </Modal>
  );
}
