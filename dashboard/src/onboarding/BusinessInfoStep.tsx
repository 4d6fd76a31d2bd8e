import { useId, useState } from "react";
import { errorMessage } from "../api/http.ts";
import { updateBusinessProfile } from "../api/tenancy.ts";
import type { BusinessProfile } from "../api/types.ts";
import { ONBOARDING } from "../messages.ts";
import { useMerchant } from "../state/merchant.tsx";
import type { MerchantState } from "../state/merchant-state.ts";
import { useSession } from "../state/session.tsx";

type Field = "businessName" | "websiteUrl" | "businessDescription";
const PROFILE_FIELD: Record<Field, keyof BusinessProfile> = {
  businessName: "display_name",
  websiteUrl: "website",
  businessDescription: "description",
};

/** Saves one business profile field on the server (skipped, with a warning, without a workspace). */
export function useBusinessProfileSave() {
  const { token } = useSession();
  const { state, update } = useMerchant();
  return async (field: Field, value: string): Promise<string | null> => {
    if (!token || !state.currentWorkspaceId) {
      console.warn("business profile not saved: no current workspace");
      return null;
    }
    try {
      const ws = await updateBusinessProfile(token, state.currentWorkspaceId, {
        [PROFILE_FIELD[field]]: value.trim(),
      });
      update({ [field]: ws.business_profile[PROFILE_FIELD[field]] ?? "" } as Partial<MerchantState>);
      return null;
    } catch (err) {
      console.warn("business profile save failed", err);
      return errorMessage(err);
    }
  };
}

/** Step 3: business name (required), website URL and description, each saved on blur; locked until the wallet is verified. */
export function BusinessInfoStep() {
  const { state, update } = useMerchant();
  const save = useBusinessProfileSave();
  const [status, setStatus] = useState<{ field: Field; error: string | null } | null>(null);
  const ids = { businessName: useId(), websiteUrl: useId(), businessDescription: useId() };
  const locked = !state.walletVerified;

  const onBlur = async (field: Field) => {
    const error = await save(field, state[field]);
    setStatus({ field, error });
  };
  const bind = (field: Field) => ({
    id: ids[field],
    value: state[field],
    disabled: locked,
    onChange: (e: { target: { value: string } }) =>
      update({ [field]: e.target.value } as Partial<MerchantState>),
    onBlur: () => void onBlur(field),
  });

  return (
    <div className="stack">
      {locked ? <p className="notice">{ONBOARDING.connectWalletFirst}</p> : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.businessName}>{ONBOARDING.businessName}</label>
          <input {...bind("businessName")} required />
        </div>
        <div className="field">
          <label htmlFor={ids.websiteUrl}>{ONBOARDING.websiteUrl}</label>
          <input {...bind("websiteUrl")} type="url" placeholder="https://" />
        </div>
        <div className="field field-wide">
          <label htmlFor={ids.businessDescription}>{ONBOARDING.businessDescription}</label>
          <textarea {...bind("businessDescription")} rows={3} />
        </div>
      </div>
      <div role="status" className={status?.error ? "error-text" : "muted"}>
        {status ? (status.error ?? ONBOARDING.saved) : ""}
      </div>
    </div>
  );
}
